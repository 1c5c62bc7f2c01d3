// myriad-cli render FILE -o out.png: an off-screen picture of the hall (needs an X display).
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"

#include <cstdio>

#if MYRIAD_HAVE_SCENES
#include "myriad/scenes/hall_scene.h"
#endif

namespace myriad::cli
{

namespace
{

int runRender(const std::vector<std::string>& arguments)
{
  const Args args(arguments, { kOut, "--view", "--width", "--height", "--color-by" });
  if (args.positional().size() != 1)
  {
    throw UsageError("expected exactly one scene FILE");
  }
  args.require("--out", "FILE.png (the picture to write)");
  const std::string output = args.value("--out");
#if MYRIAD_HAVE_SCENES
  scenes::RenderOptions options;
  const std::string view = args.value("--view", "iso");
  if (view == "iso")
  {
    options.view = scenes::CameraPreset::Isometric;
  }
  else if (view == "top")
  {
    options.view = scenes::CameraPreset::Top;
  }
  else if (view == "aisle")
  {
    options.view = scenes::CameraPreset::AisleWalk;
  }
  else
  {
    throw UsageError("--view expects iso, top or aisle, got \"" + view + "\"");
  }
  const std::string colorBy = args.value("--color-by", "kind");
  if (colorBy == "kind")
  {
    options.colorBy = scenes::ColorBy::Kind;
  }
  else if (colorBy == "power")
  {
    options.colorBy = scenes::ColorBy::PowerDensity;
  }
  else if (colorBy == "cooling")
  {
    options.colorBy = scenes::ColorBy::Cooling;
  }
  else
  {
    throw UsageError("--color-by expects kind, power or cooling, got \"" + colorBy + "\"");
  }
  options.width = static_cast<int>(args.integer("--width", 1600, 16, 8192));
  options.height = static_cast<int>(args.integer("--height", 1000, 16, 8192));
  const auto scene = loadSceneArgument(args.positional().front());
  std::string error;
  if (!scenes::renderToPng(scene, engine::Catalog::builtin(), output, options, &error))
  {
    std::fprintf(stderr, "myriad-cli: %s\n", error.c_str());
    return 1;
  }
  std::printf("wrote %s (%dx%d, %s view)\n", output.c_str(), options.width, options.height,
              view.c_str());
  return 0;
#else
  std::fprintf(stderr, "myriad-cli: this build has no rendering (MYRIAD_BUILD_SCENES=OFF)\n");
  return 1;
#endif
}

} // namespace

MYRIAD_CLI_COMMAND({ "render", "draw the hall to a PNG off screen (needs an X display)",
                     "usage: myriad-cli render FILE -o out.png [--view iso|top|aisle]\n"
                     "                         [--color-by kind|power|cooling]\n"
                     "                         [--width 1600] [--height 1000]\n"
                     "  FILE        a scene file, or builtin:NAME for a built-in sample\n"
                     "  -o, --out   the PNG to write\n"
                     "  --view      camera: iso (default), top or aisle\n"
                     "  --color-by  racks by kind (default), power density or cooling\n"
                     "  --width/--height  image size in pixels, 16 to 8192 (default 1600 x 1000)\n"
                     "  Debian's VTK renders through GLX: run under xvfb-run on a headless "
                     "machine.",
                     &runRender });

} // namespace myriad::cli
