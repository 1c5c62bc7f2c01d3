#pragma once
/**
 * @file builtin_modules.h
 * The list of Myriad's built-in modules: the one place where the app names its features.
 */

namespace myriad::app
{

class ModuleRegistry;

/**
 * Register the built-in modules in the order they are created, which is also the order of their
 * docks in the View menu and of their tabs: View, Selection (Scene tree, Properties), Dashboard,
 * Editing (Violations, Undo History), Fabric, Thermal, Traffic, Telemetry, then Preferences (no
 * dock; the last entry of the Edit menu). Later modules may use earlier ones' docks (to tab
 * beside them) and modules (Traffic runs on Fabric's fabric).
 */
void registerBuiltinModules(ModuleRegistry& registry);

} // namespace myriad::app
