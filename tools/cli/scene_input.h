#pragma once
#include "command.h"

// Shared helpers of the CLI commands: load a scene argument and format numbers.
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/model.h"
#include "myriad/engine/traffic/workload.h"

#include <exception>
#include <new>
#include <optional>
#include <string>
#include <vector>

namespace myriad::cli
{

/**
 * A non-engine exception's message in words: a JSON library's "[json.exception.out_of_range.406]
 * number overflow parsing '1e999'" becomes "invalid number '1e999' (expected a finite number)",
 * other library codes are dropped. Used where such an exception reaches the CLI boundary.
 */
std::string libraryMessage(const std::exception& error);

/**
 * Run `read`, a reader of the file `path`. engine::Error passes as it is (it names the file and
 * the JSON path); any other exception becomes an engine::Error "PATH: " + libraryMessage, so no
 * raw library message reaches the user.
 */
template <typename Read>
auto readInput(const std::string& path, Read&& read) -> decltype(read())
{
  try
  {
    return read();
  }
  catch (const engine::Error&)
  {
    throw;
  }
  catch (const std::bad_alloc&)
  {
    throw;
  }
  catch (const std::exception& error)
  {
    throw engine::Error(path + ": " + libraryMessage(error));
  }
}

/**
 * Load FILE as a scene with the built-in catalog. "builtin:NAME" generates a built-in sample in
 * memory instead (e.g. builtin:h100-superpod-10k). Throws engine::Error with the file's message.
 */
engine::Scene loadSceneArgument(const std::string& argument, bool validate = true);

/**
 * Price the scene's routed fabric: when `inputs` carries no BOM figure (no "bom" in an inputs
 * file), fill it from economics::fabricBomInput (transceivers, cables, optics power).
 */
void useFabricBom(const engine::Scene& scene, engine::economics::EconomicsInputs& inputs);

/** The built-in spec named by `option` (e.g. --builtin); UsageError listing the names when
 *  it is not one. */
engine::GeneratorSpec builtinSpecOption(const Args& args, const std::string& option,
                                        const std::string& fallback = {});

/**
 * The training jobs of every --job FILE (read with readInput: errors name the file). A job with
 * no "gpu" takes the scene's GPU part; `routing` (the command line's --routing), when set,
 * overrides every job's own.
 */
std::vector<engine::traffic::JobSpec> jobsFromArgs(
  const Args& args, const engine::Scene& scene,
  const std::optional<engine::traffic::Routing>& routing = std::nullopt);

/** "13.056 MW", "40.8 kW", "700 W". */
std::string formatPower(double watts);
/** Integer with thousands separators: 10,240. */
std::string withCommas(long long value);

} // namespace myriad::cli
