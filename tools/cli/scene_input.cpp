#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"

#include <cstdio>

namespace myriad::cli
{

engine::Scene loadSceneArgument(const std::string& argument, bool validate)
{
  const std::string prefix = "builtin:";
  if (argument.rfind(prefix, 0) == 0)
  {
    const auto spec = engine::builtinSpec(argument.substr(prefix.size()));
    return engine::generateScene(spec, engine::Catalog::builtin());
  }
  return readInput(argument, [&]
                   { return engine::loadScene(argument, engine::Catalog::builtin(), validate); });
}

engine::GeneratorSpec builtinSpecOption(const Args& args, const std::string& option,
                                        const std::string& fallback)
{
  const std::string name = args.value(option, fallback);
  std::string names;
  for (const std::string& known : engine::builtinSpecNames())
  {
    if (known == name)
      return engine::builtinSpec(name);
    names += (names.empty() ? "" : ", ") + known;
  }
  throw UsageError("option " + option + " expects a built-in sample name (" + names + "), got \"" +
                   name + "\"");
}

std::string libraryMessage(const std::exception& error)
{
  std::string text = error.what();
  // nlohmann::json prefixes its messages with "[json.exception.KIND.ID] ".
  if (text.rfind("[json.exception.", 0) == 0 && text.find("] ") != std::string::npos)
  {
    text.erase(0, text.find("] ") + 2);
    const std::string overflow = "number overflow parsing ";
    if (text.rfind(overflow, 0) == 0)
      return "invalid number " + text.substr(overflow.size()) +
             " (expected a finite number within ±1.8e308)";
    return "invalid JSON: " + text;
  }
  return text.empty() ? std::string("unexpected failure") : text;
}

std::string formatPower(double watts)
{
  char buffer[64];
  if (watts >= 1e6)
  {
    std::snprintf(buffer, sizeof buffer, "%.3f MW", watts / 1e6);
  }
  else if (watts >= 1e3)
  {
    std::snprintf(buffer, sizeof buffer, "%.1f kW", watts / 1e3);
  }
  else
  {
    std::snprintf(buffer, sizeof buffer, "%.0f W", watts);
  }
  return buffer;
}

std::string withCommas(long long value)
{
  // Built front to back (no insert into the middle: GCC 12 warns about that pattern).
  const std::string digits = std::to_string(value < 0 ? -value : value);
  std::string text = value < 0 ? "-" : "";
  for (std::size_t i = 0; i < digits.size(); ++i)
  {
    if (i > 0 && (digits.size() - i) % 3 == 0)
    {
      text += ',';
    }
    text += digits[i];
  }
  return text;
}

void useFabricBom(const engine::Scene& scene, engine::economics::EconomicsInputs& inputs)
{
  const engine::economics::BomInput& b = inputs.bom;
  if (b.transceivers || b.cables || b.opticsUSD || b.cablesUSD || b.opticsPowerW)
  {
    return; // the user's figures win
  }
  inputs.bom = engine::economics::fabricBomInput(scene, engine::Catalog::builtin());
}

std::vector<engine::traffic::JobSpec> jobsFromArgs(
  const Args& args, const engine::Scene& scene,
  const std::optional<engine::traffic::Routing>& routing)
{
  std::vector<engine::traffic::JobSpec> jobs;
  for (const std::string& path : args.values("--job"))
  {
    jobs.push_back(readInput(path, [&] { return engine::traffic::loadJob(path); }));
    if (jobs.back().gpu.empty())
    {
      jobs.back().gpu = engine::traffic::sceneGpuPart(scene, engine::Catalog::builtin());
    }
    if (routing)
    {
      jobs.back().routing = *routing; // the command line overrides every job's "routing"
    }
  }
  return jobs;
}

} // namespace myriad::cli
