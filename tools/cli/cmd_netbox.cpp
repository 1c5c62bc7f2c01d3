// myriad-cli netbox import|export|devicetype: the NetBox round trip (docs/netbox.md).
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/netbox/devicetype.h"
#include "myriad/engine/netbox/netbox.h"
#include "myriad/engine/scene_io.h"

#if MYRIAD_HAVE_NETWORK
#include "endpoint.h"
#include "netbox_apply.h"
#include "netbox_client.h"
#include "secret_input.h"
#endif

#include <cstdio>
#include <filesystem>
#include <string>

namespace myriad::cli
{

namespace
{

namespace nb = engine::netbox;

const char* const kUsage =
  "usage: myriad-cli netbox import (URL|DIR) -o SCENE.json [--site SLUG] [--map PARTS-MAP.json]\n"
  "                                [--token-env NAME | --token-file PATH] [--ca-bundle PEM]\n"
  "                                [--timeout S] [--retries N] [--lengths CSV]\n"
  "       myriad-cli netbox export SCENE -o DIR [--site SLUG] [--apply URL [--commit]]\n"
  "       myriad-cli netbox devicetype YAML... -o PARTS.json [--category server|switch]\n"
  "\n"
  "import  reads NetBox's inventory, live from URL (http(s)://host, its REST API) or from DIR, a\n"
  "        folder of saved API answers (DIR/dcim/racks.json, …), and writes a Myriad scene.\n"
  "        Floor positions come from the netbox-floorplan-plugin, else the racks' myriad_x_m /\n"
  "        myriad_y_m / myriad_rotation_deg custom fields, else an assumed layout (said so).\n"
  "        Device types map to catalog parts by samples/netbox/parts-map.json plus --map; the\n"
  "        others become placeholder parts (listed). Every object left out is named; a partial\n"
  "        import says PARTIAL. Recorded cable lengths are compared with Myriad's routes.\n"
  "  --site SLUG       the NetBox site to import (needed when several sites hold racks)\n"
  "  --map FILE        parts map entries added over the built-in ones\n"
  "  --token-env NAME  environment variable holding the API token (default\n"
  "                    MYRIAD_NETBOX_TOKEN); tokens are never taken as arguments\n"
  "  --token-file PATH file holding the token on one line (or /dev/fd/N)\n"
  "  --ca-bundle PEM   CA certificates trusted besides the system's (an internal CA); TLS\n"
  "                    is always verified (docs/security.md)\n"
  "  --timeout S       seconds per request (default 30); --retries N (default 3)\n"
  "  --lengths CSV     write the cable length comparison (cable,recorded_m,routed_m)\n"
  "export  writes SCENE for NetBox into DIR: netbox-bulk.json (the bulk API's objects, related\n"
  "        objects by slug and name) and NetBox's CSV import files (sites.csv … cables.csv).\n"
  "        Nothing is sent to NetBox unless --apply is given:\n"
  "  --apply URL       read what that NetBox holds (GET) and say what would be created: a dry\n"
  "                    run. Token and CA as for import (--token-env, --token-file,\n"
  "                    --ca-bundle).\n"
  "  --commit          with --apply: create the missing objects (POST). Existing ones are kept\n"
  "                    as they are; nothing in NetBox is ever changed or deleted.\n"
  "devicetype  reads devicetype-library YAML files into a catalog parts file.\n";

void writeText(const std::string& path, const std::string& text)
{
  engine::writeFileAtomically(path, text);
}

#if MYRIAD_HAVE_NETWORK
/** The token (--token-file, else --token-env, else MYRIAD_NETBOX_TOKEN when set), the CA
 *  bundle, the timeout and the retries; the system's proxy settings. */
void connectionOptions(const Args& args, netbox_client::FetchOptions& options)
{
  if (args.has("--token-file") && args.has("--token-env"))
    throw UsageError("give the token by --token-file or by --token-env, not both");
  QString error;
  QByteArray token;
  if (args.has("--token-file"))
    token = connection::secretFromFile(QString::fromStdString(args.value("--token-file")), &error);
  else if (args.has("--token-env"))
    token =
      connection::secretFromEnvironment(QString::fromStdString(args.value("--token-env")), &error);
  else if (!qEnvironmentVariableIsEmpty("MYRIAD_NETBOX_TOKEN"))
    token = connection::secretFromEnvironment(QStringLiteral("MYRIAD_NETBOX_TOKEN"), &error);
  if (!error.isEmpty())
    throw engine::Error(error.toStdString());
  options.token = token.toStdString();
  options.caBundle = args.value("--ca-bundle");
  options.timeoutMs = static_cast<int>(args.number("--timeout", 30, 0.1, 3600) * 1000);
  options.retries = static_cast<int>(args.integer("--retries", 3, 0, 20));
  connection::useSystemProxy();
}
#endif

nb::Inventory readInventory(const std::string& source, const Args& args)
{
  if (source.rfind("http://", 0) != 0 && source.rfind("https://", 0) != 0)
    return nb::readInventoryFolder(source);
#if MYRIAD_HAVE_NETWORK
  netbox_client::FetchOptions options;
  connectionOptions(args, options);
  options.progress = [](const std::string& endpoint, int page)
  { std::fprintf(stderr, "netbox: %s page %d\n", endpoint.c_str(), page); };
  return netbox_client::readInventory(source, options);
#else
  (void)args;
  throw engine::Error("this myriad-cli was built without Qt Network; save the API answers to a "
                      "folder and import the folder");
#endif
}

void printImport(const nb::ImportResult& result, const std::string& out)
{
  for (const auto& w : result.warnings)
    std::fprintf(stderr, "netbox: warning: %s\n", w.c_str());
  std::string sources;
  for (std::size_t h = 0; h < result.positionSources.size(); ++h)
    sources += (h ? ", " : "") + result.scene.site.halls[h].id + ": " + result.positionSources[h];
  std::printf("%s: %d racks, %d devices, %d cables in %zu hall(s); positions from %s\n",
              out.c_str(), result.racks, result.devices, result.cables,
              result.scene.site.halls.size(), sources.c_str());
  if (!result.placeholders.empty())
  {
    std::string list;
    for (const auto& p : result.placeholders)
      list += (list.empty() ? "" : ", ") + p;
    std::printf("placeholder parts for %zu device type(s) not in the parts map: %s\n",
                result.placeholders.size(), list.c_str());
  }
  for (std::size_t h = 0; h < result.positionSources.size(); ++h)
    if (result.positionSources[h] == "assumed")
      std::printf("hall %s: NetBox gives no floor positions; the layout is ASSUMED\n",
                  result.scene.site.halls[h].id.c_str());
  if (result.partial)
    std::printf("PARTIAL import: objects were left out (see the warnings above)\n");
}

int runImport(const std::vector<std::string>& arguments)
{
  const Args args(arguments, { kOut, "--site", "--map", "--token-env", "--token-file",
                               "--ca-bundle", "--timeout", "--retries", "--lengths" });
  if (args.positional().size() != 2)
    throw UsageError("netbox import expects one URL or DIR");
  args.require("--out", "SCENE.json");
  nb::ImportOptions options;
  options.siteSlug = args.value("--site");
  if (args.has("--map"))
  {
    const std::string map = args.value("--map");
    options.parts =
      nb::mergePartsMaps(options.parts, nb::partsMapFromJson(engine::readFile(map), map));
  }
  const nb::Inventory inventory = readInventory(args.positional()[1], args);
  const engine::Catalog& catalog = engine::Catalog::builtin();
  const nb::ImportResult result = nb::importScene(inventory, catalog, options);
  const std::string out = args.value("--out");
  engine::saveScene(result.scene, out);
  printImport(result, out);
  const auto differences = nb::compareCableLengths(result.scene, catalog);
  std::printf("cable lengths: %zu of %d recorded lengths differ from Myriad's route (shorter by "
              "more than 1 m, or longer than 1.5 x route + 1 m)\n",
              differences.size(), result.cables);
  std::string csv = "cable,recorded_m,routed_m\n";
  for (const auto& d : differences)
  {
    char line[256];
    std::snprintf(line, sizeof line, "%s,%.2f,%.2f\n", d.cable.c_str(), d.recordedM, d.routedM);
    csv += line;
  }
  if (args.has("--lengths"))
    writeText(args.value("--lengths"), csv);
  return 0;
}

#if MYRIAD_HAVE_NETWORK
void applyToNetbox(const std::string& bulk, const Args& args)
{
  netbox_client::ApplyOptions options;
  options.baseUrl = args.value("--apply");
  while (!options.baseUrl.empty() && options.baseUrl.back() == '/')
    options.baseUrl.pop_back();
  connectionOptions(args, options);
  options.commit = args.has("--commit");
  const auto report = netbox_client::applyExport(bulk, options);
  std::printf("%s %s:\n", report.committed ? "applied to" : "dry run against",
              options.baseUrl.c_str());
  for (const auto& line : report.lines)
    std::printf("  %-22s %6d in the export, %6d already in NetBox, %6d %s\n", line.endpoint.c_str(),
                line.exported, line.existing, line.created,
                report.committed ? "created" : "to create");
  if (!report.committed)
    std::printf("nothing was created; add --commit to create them\n");
}
#endif

int runExport(const std::vector<std::string>& arguments)
{
  const Args args(arguments,
                  { kOut, "--site", "--apply", "--token-env", "--token-file", "--ca-bundle",
                    "--timeout", "--retries" },
                  { "--commit" });
  if (args.positional().size() != 2)
    throw UsageError("netbox export expects one SCENE");
  args.require("--out", "DIR");
  if (args.has("--commit") && !args.has("--apply"))
    throw UsageError("--commit needs --apply URL");
  const engine::Scene scene = loadSceneArgument(args.positional()[1], false);
  const nb::ExportFiles files =
    nb::exportScene(scene, engine::Catalog::builtin(), args.value("--site"));
  const std::filesystem::path dir(args.value("--out"));
  std::filesystem::create_directories(dir);
  for (const auto& [name, text] : files.files)
    writeText((dir / name).string(), text);
  std::printf("%s: %d racks, %d devices, %d interfaces, %d cables for NetBox (%zu files)%s\n",
              dir.string().c_str(), files.racks, files.devices, files.interfaces, files.cables,
              files.files.size(), args.has("--apply") ? "" : "; nothing was sent");
  if (!args.has("--apply"))
    return 0;
#if MYRIAD_HAVE_NETWORK
  applyToNetbox(files.files.at("netbox-bulk.json"), args);
  return 0;
#else
  throw engine::Error("this myriad-cli was built without Qt Network: --apply is not available");
#endif
}

int runDeviceType(const std::vector<std::string>& arguments)
{
  const Args args(arguments, { kOut, "--category" });
  if (args.positional().size() < 2)
    throw UsageError("netbox devicetype expects one or more YAML files");
  args.require("--out", "PARTS.json");
  const std::string category = args.choice("--category", "", { "server", "switch" });
  std::vector<engine::Part> parts;
  for (std::size_t i = 1; i < args.positional().size(); ++i)
  {
    const std::string& file = args.positional()[i];
    const nb::DeviceType type = nb::deviceTypeFromYaml(engine::readFile(file), file);
    parts.push_back(nb::partFromDeviceType(type, file, category));
    std::printf("%s: %s (%s, %g U)\n", file.c_str(), parts.back().id.c_str(),
                parts.back().category.c_str(), parts.back().valueOr("heightU", 0));
  }
  writeText(args.value("--out"), nb::catalogToJson(parts));
  return 0;
}

int runNetbox(const std::vector<std::string>& arguments)
{
  for (const std::string& argument : arguments)
  {
    if (argument == "--help" || argument == "-h")
      throw HelpRequested{}; // wherever it stands, before anything is checked
  }
  if (arguments.empty())
    throw UsageError("netbox expects import, export or devicetype");
  if (arguments[0] == "import")
    return runImport(arguments);
  if (arguments[0] == "export")
    return runExport(arguments);
  if (arguments[0] == "devicetype")
    return runDeviceType(arguments);
  throw UsageError("unknown netbox action \"" + arguments[0] +
                   "\" (expected import, export or devicetype)");
}

} // namespace

MYRIAD_CLI_COMMAND(({ "netbox", "NetBox round trip: import an inventory, export a scene",
                      std::string(kUsage) + commonHelpFooter(), runNetbox }));

} // namespace myriad::cli
