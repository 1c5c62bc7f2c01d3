// The built-in modules, in creation order.
#include "builtin_modules.h"

#include "collective_module.h"
#include "dashboard_module.h"
#include "editing_module.h"
#include "fabric_module.h"
#include "module_registry.h"
#include "netbox_module.h"
#include "path_trace_module.h"
#include "preferences_module.h"
#include "selection_module.h"
#include "siting_module.h"
#include "sweep_module.h"
#include "telemetry_module.h"
#include "thermal_module.h"
#include "traffic_module.h"
#include "training_module.h"
#include "view_module.h"

namespace myriad::app
{

void registerBuiltinModules(ModuleRegistry& registry)
{
  registry.add(std::make_unique<ViewModule>());
  registry.add(std::make_unique<SelectionModule>());
  registry.add(std::make_unique<DashboardModule>());
  registry.add(std::make_unique<EditingModule>());
  registry.add(std::make_unique<FabricModule>());
  registry.add(std::make_unique<ThermalModule>());
  registry.add(std::make_unique<TrafficModule>());
  registry.add(std::make_unique<TelemetryModule>());
  registry.add(std::make_unique<TrainingModule>());
  registry.add(std::make_unique<CollectiveModule>());
  registry.add(std::make_unique<PathTraceModule>());
  registry.add(std::make_unique<SweepModule>());
  registry.add(std::make_unique<SitingModule>());
  registry.add(std::make_unique<NetboxModule>());
  registry.add(std::make_unique<PreferencesModule>());
}

} // namespace myriad::app
