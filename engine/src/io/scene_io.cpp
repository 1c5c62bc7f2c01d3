#include "myriad/engine/scene_io.h"

#include "io/scene_json.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/validation.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace myriad::engine
{

namespace
{

/** "200 MiB (209715200 bytes)": a size for messages. */
std::string sizeText(std::uintmax_t bytes)
{
  char text[64];
  std::snprintf(text, sizeof text, "%.1f MiB (%ju bytes)", double(bytes) / (1 << 20), bytes);
  return text;
}

[[noreturn]] void refuseSize(const std::string& file, std::uintmax_t bytes, std::uintmax_t limit)
{
  throw LoadError(file, "", "file is " + sizeText(bytes) + ", over the limit of " + sizeText(limit),
                  "a document of at most " + sizeText(limit));
}

} // namespace

Scene sceneFromJson(const std::string& text, const std::string& fileName, const Catalog& catalog,
                    bool validate)
{
  if (text.size() > kMaxDocumentBytes)
  {
    refuseSize(fileName, text.size(), kMaxDocumentBytes);
  }
  const detail::JsonReader reader(fileName);
  Scene scene = detail::readSceneJson(reader, reader.parse(text), catalog);
  if (validate)
  {
    const auto diagnostics = validateScene(scene, catalog);
    for (const auto& d : diagnostics)
    {
      if (d.severity == Severity::Error)
      {
        const int more = errorCount(diagnostics) - 1;
        throw LoadError(fileName, d.jsonPath,
                        d.message + (more > 0 ? " (and " + std::to_string(more) +
                                                  " more physical errors; see myriad-cli validate)"
                                              : std::string()));
      }
    }
  }
  return scene;
}

std::string sceneToJson(const Scene& scene)
{
  return detail::writeSceneJson(scene).dump(1, '\t') + "\n";
}

std::string readFile(const std::string& path, std::uintmax_t maxBytes)
{
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
  {
    throw LoadError(path, "", "is a directory", "a file");
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
  {
    throw LoadError(path, "", std::string("cannot open: ") + std::strerror(errno),
                    "a readable file");
  }
  // A regular file is read straight into a string of its size (one allocation, one copy); a
  // pipe or /dev/fd/N grows the string as it comes. A huge file is refused before allocating.
  struct stat info
  {
  };
  const bool sized = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode);
  if (sized && static_cast<std::uintmax_t>(info.st_size) > maxBytes)
  {
    ::close(fd);
    refuseSize(path, static_cast<std::uintmax_t>(info.st_size), maxBytes);
  }
  std::string text(sized ? static_cast<std::size_t>(info.st_size) : 0, '\0');
  std::size_t used = 0;
  char chunk[1 << 16];
  for (;;)
  {
    // Into the string while it has room; past its end (a pipe, or a file that grew) by chunks.
    const bool room = used < text.size();
    const ssize_t got =
      room ? ::read(fd, text.data() + used, text.size() - used) : ::read(fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR)
    {
      continue;
    }
    if (got < 0)
    {
      const int error = errno;
      ::close(fd);
      throw LoadError(path, "", std::string("read error: ") + std::strerror(error),
                      "a readable file");
    }
    if (got == 0)
    {
      break;
    }
    if (!room)
    {
      text.append(chunk, static_cast<std::size_t>(got));
    }
    used += static_cast<std::size_t>(got);
    if (used > maxBytes)
    {
      ::close(fd);
      refuseSize(path, used, maxBytes);
    }
  }
  ::close(fd);
  text.resize(used); // a file that shrank while it was read
  return text;
}

Scene loadScene(const std::string& path, const Catalog& catalog, bool validate)
{
  return sceneFromJson(readFile(path), path, catalog, validate);
}

void writeFileAtomically(const std::string& path, const std::string& contents)
{
  // Write a sibling temporary, fsync it, then rename: readers see the old or the new file,
  // never a torn one, and a failure leaves the old file untouched.
  const std::string temp = path + ".tmp-" + std::to_string(::getpid());
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
  {
    throw SaveError(path + ": cannot create temporary file: " + std::strerror(errno));
  }
  std::size_t written = 0;
  while (written < contents.size())
  {
    const ssize_t n = ::write(fd, contents.data() + written, contents.size() - written);
    if (n < 0)
    {
      if (errno == EINTR)
      {
        continue;
      }
      const std::string reason = std::strerror(errno);
      ::close(fd);
      std::remove(temp.c_str());
      throw SaveError(path + ": write failed: " + reason);
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0)
  {
    const std::string reason = std::strerror(errno);
    std::remove(temp.c_str());
    throw SaveError(path + ": flush failed: " + reason);
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0)
  {
    const std::string reason = std::strerror(errno);
    std::remove(temp.c_str());
    throw SaveError(path + ": cannot replace file: " + reason);
  }
}

void saveScene(const Scene& scene, const std::string& path)
{
  writeFileAtomically(path, sceneToJson(scene));
}

} // namespace myriad::engine
