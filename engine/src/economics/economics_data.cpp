/**
 * @file economics_data.cpp
 * Built-in economics figures in catalog schema 1 (categories "site", "failure", "facility").
 * They live here rather than in samples/catalog/ because the catalog reader accepts only the
 * eight part categories of catalog.h; once it accepts these, the JSON below can move to
 * samples/catalog/economics.json unchanged (lookups already prefer catalog parts).
 *
 * Failure rates are calibrated so that the reference footprint named in each source reproduces
 * the Llama 3 figures (466 interruptions in 54 days, 419 unexpected): rate = share × 419 /
 * (units × 54/365.25 years).
 */

#include "economics_data.h"

#include "myriad/engine/error.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace myriad::engine::economics::detail
{

const std::string& economicsDataJson()
{
  static const std::string text = R"econ({
  "schema": 1,
  "description": "Economics defaults: site climates, failure rates, facility costs. Every figure carries a source or an estimate mark.",
  "parts": [
    {"id": "site-ashburn-va", "category": "site", "name": "Ashburn, Virginia (US)",
     "figures": {
       "tempC01": {"value": 0.9, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC02": {"value": 2.4, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC03": {"value": 6.9, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC04": {"value": 12.6, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC05": {"value": 17.8, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC06": {"value": 22.7, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC07": {"value": 25.2, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC08": {"value": 24.3, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC09": {"value": 20.3, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC10": {"value": 13.7, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC11": {"value": 8.0, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC12": {"value": 3.1, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "gridKgCo2PerKWh": {"value": 0.35, "unit": "kg/kWh", "source": "PJM / Dominion grid mix, order of magnitude (estimate)", "estimate": true},
       "energyPriceUSDPerKWh": {"value": 0.08, "unit": "USD/kWh", "source": "near the US average industrial price of about 8 c/kWh (EIA Electric Power Monthly Table 5.6.B range 6.8-9.0 c/kWh for PA, OH, IA, IL, NY, 2024) (estimate)", "estimate": true}
     }},
    {"id": "site-phoenix-az", "category": "site", "name": "Phoenix, Arizona (US)",
     "figures": {
       "tempC01": {"value": 13.9, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC02": {"value": 15.6, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC03": {"value": 19.1, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC04": {"value": 23.3, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC05": {"value": 28.5, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC06": {"value": 33.6, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC07": {"value": 35.6, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC08": {"value": 35.0, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC09": {"value": 32.0, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC10": {"value": 25.2, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC11": {"value": 18.3, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC12": {"value": 13.1, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "gridKgCo2PerKWh": {"value": 0.37, "unit": "kg/kWh", "source": "Arizona utility mix, order of magnitude (estimate)", "estimate": true},
       "energyPriceUSDPerKWh": {"value": 0.075, "unit": "USD/kWh", "source": "industrial tariff, order of magnitude (estimate)", "estimate": true}
     }},
    {"id": "site-lulea-se", "category": "site", "name": "Luleå (SE), hydro-rich and cool",
     "figures": {
       "tempC01": {"value": -10.6, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC02": {"value": -9.8, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC03": {"value": -5.4, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC04": {"value": 0.6, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC05": {"value": 6.6, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC06": {"value": 12.6, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC07": {"value": 15.8, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC08": {"value": 13.9, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC09": {"value": 8.9, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC10": {"value": 2.4, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC11": {"value": -4.1, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC12": {"value": -8.2, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "gridKgCo2PerKWh": {"value": 0.02, "unit": "kg/kWh", "source": "Swedish grid (hydro + nuclear), order of magnitude (estimate)", "estimate": true},
       "energyPriceUSDPerKWh": {"value": 0.05, "unit": "USD/kWh", "source": "Nordic industrial price, order of magnitude (estimate)", "estimate": true}
     }},
    {"id": "site-quebec-ca", "category": "site", "name": "Québec (CA), hydro-rich and cool",
     "figures": {
       "tempC01": {"value": -12.8, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC02": {"value": -11.0, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC03": {"value": -4.9, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC04": {"value": 3.3, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC05": {"value": 10.8, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC06": {"value": 16.3, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC07": {"value": 19.1, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC08": {"value": 17.9, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC09": {"value": 12.8, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC10": {"value": 6.1, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC11": {"value": -1.1, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC12": {"value": -8.6, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "gridKgCo2PerKWh": {"value": 0.002, "unit": "kg/kWh", "source": "Hydro-Québec (almost all hydro), order of magnitude (estimate)", "estimate": true},
       "energyPriceUSDPerKWh": {"value": 0.045, "unit": "USD/kWh", "source": "Hydro-Quebec large-power rate, order of magnitude (estimate)", "estimate": true}
     }},
    {"id": "site-guizhou-cn", "category": "site", "name": "Guiyang, Guizhou (CN), cool highland",
     "figures": {
       "tempC01": {"value": 5.0, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC02": {"value": 7.2, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC03": {"value": 11.3, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC04": {"value": 16.3, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC05": {"value": 19.7, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC06": {"value": 22.1, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC07": {"value": 23.9, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC08": {"value": 23.5, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC09": {"value": 20.7, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC10": {"value": 16.2, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC11": {"value": 11.6, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "tempC12": {"value": 6.9, "unit": "°C", "source": "approximate 1991-2020 monthly mean dry-bulb temperature (climate normals of the nearest airport station), quoted from memory and not re-checked", "estimate": true},
       "gridKgCo2PerKWh": {"value": 0.55, "unit": "kg/kWh", "source": "China southern grid mix (coal + hydro), order of magnitude (estimate)", "estimate": true},
       "energyPriceUSDPerKWh": {"value": 0.06, "unit": "USD/kWh", "source": "Chinese large-industry tariff, order of magnitude (estimate)", "estimate": true}
     }},
    {"id": "failure-gpu", "category": "failure", "name": "Job interruptions caused by gpu",
     "attributes": {"per": "gpu", "hardware": "true", "planned": "false"},
     "figures": {
       "perUnitYear": {"value": 0.0520663, "unit": "1/(unit*year)", "source": "calibrated: faulty GPU = 30.1 % of unexpected; Llama Team, The Llama 3 Herd of Models (2024), sec. 3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100; reference footprint 16,384 GPUs, 2,048 nodes, 16,384 NICs, 1,280 switches (3-tier, SuperPOD 64-SU counts), 57,344 transceivers, 12,288 PSUs", "estimate": false}
     }},
    {"id": "failure-hbm", "category": "failure", "name": "Job interruptions caused by hbm",
     "attributes": {"per": "gpu", "hardware": "true", "planned": "false"},
     "figures": {
       "perUnitYear": {"value": 0.0297522, "unit": "1/(unit*year)", "source": "calibrated: GPU HBM3 = 17.2 % of unexpected; Llama Team, The Llama 3 Herd of Models (2024), sec. 3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100; reference footprint 16,384 GPUs, 2,048 nodes, 16,384 NICs, 1,280 switches (3-tier, SuperPOD 64-SU counts), 57,344 transceivers, 12,288 PSUs", "estimate": false}
     }},
    {"id": "failure-nic", "category": "failure", "name": "Job interruptions caused by nic",
     "attributes": {"per": "nic", "hardware": "true", "planned": "false"},
     "figures": {
       "perUnitYear": {"value": 0.00294062, "unit": "1/(unit*year)", "source": "calibrated: NIC 7 of 419 (1.7 %), Table 5 as reproduced at glennklockwood.com/garden/component-reliability; Llama Team, The Llama 3 Herd of Models (2024), sec. 3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100; reference footprint 16,384 GPUs, 2,048 nodes, 16,384 NICs, 1,280 switches (3-tier, SuperPOD 64-SU counts), 57,344 transceivers, 12,288 PSUs", "estimate": true}
     }},
    {"id": "failure-switch", "category": "failure", "name": "Job interruptions caused by switch",
     "attributes": {"per": "switch", "hardware": "true", "planned": "false"},
     "figures": {
       "perUnitYear": {"value": 0.0929929, "unit": "1/(unit*year)", "source": "calibrated: half of network switch/cable 35 of 419 (8.4 %, Table 5; the even split is an estimate); Llama Team, The Llama 3 Herd of Models (2024), sec. 3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100; reference footprint 16,384 GPUs, 2,048 nodes, 16,384 NICs, 1,280 switches (3-tier, SuperPOD 64-SU counts), 57,344 transceivers, 12,288 PSUs", "estimate": true}
     }},
    {"id": "failure-optic", "category": "failure", "name": "Job interruptions caused by optic",
     "attributes": {"per": "transceiver", "hardware": "true", "planned": "false"},
     "figures": {
       "perUnitYear": {"value": 0.00207573, "unit": "1/(unit*year)", "source": "calibrated: half of network switch/cable 35 of 419 (8.4 %, Table 5; the even split is an estimate); Llama Team, The Llama 3 Herd of Models (2024), sec. 3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100; reference footprint 16,384 GPUs, 2,048 nodes, 16,384 NICs, 1,280 switches (3-tier, SuperPOD 64-SU counts), 57,344 transceivers, 12,288 PSUs", "estimate": true}
     }},
    {"id": "failure-psu", "category": "failure", "name": "Job interruptions caused by psu",
     "attributes": {"per": "psu", "hardware": "true", "planned": "false"},
     "figures": {
       "perUnitYear": {"value": 0.00161446, "unit": "1/(unit*year)", "source": "calibrated: power supply 3 of 419 (0.7 %), Table 5 as reproduced at glennklockwood.com/garden/component-reliability; Llama Team, The Llama 3 Herd of Models (2024), sec. 3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100; reference footprint 16,384 GPUs, 2,048 nodes, 16,384 NICs, 1,280 switches (3-tier, SuperPOD 64-SU counts), 57,344 transceivers, 12,288 PSUs", "estimate": true}
     }},
    {"id": "failure-host", "category": "failure", "name": "Job interruptions caused by host",
     "attributes": {"per": "node", "hardware": "true", "planned": "false"},
     "figures": {
       "perUnitYear": {"value": 0.275381, "unit": "1/(unit*year)", "source": "calibrated: rest of hardware so that hardware totals 78 % of unexpected: 19.9 % (Table 5: other GPU faults 11.4 %, other host parts 2.7 %, part of host maintenance 7.6 %); Llama Team, The Llama 3 Herd of Models (2024), sec. 3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100; reference footprint 16,384 GPUs, 2,048 nodes, 16,384 NICs, 1,280 switches (3-tier, SuperPOD 64-SU counts), 57,344 transceivers, 12,288 PSUs", "estimate": true}
     }},
    {"id": "failure-software", "category": "failure", "name": "Job interruptions caused by software",
     "attributes": {"per": "node", "hardware": "false", "planned": "false"},
     "figures": {
       "perUnitYear": {"value": 0.304441, "unit": "1/(unit*year)", "source": "calibrated: non-hardware causes, 22 % of unexpected (Table 5: software bugs 12.9 %, NCCL watchdog 1.7 %, dependencies, rest of host maintenance); Llama Team, The Llama 3 Herd of Models (2024), sec. 3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100; reference footprint 16,384 GPUs, 2,048 nodes, 16,384 NICs, 1,280 switches (3-tier, SuperPOD 64-SU counts), 57,344 transceivers, 12,288 PSUs", "estimate": true}
     }},
    {"id": "failure-planned", "category": "failure", "name": "Job interruptions caused by planned",
     "attributes": {"per": "node", "hardware": "false", "planned": "true"},
     "figures": {
       "perUnitYear": {"value": 0.155226, "unit": "1/(unit*year)", "source": "calibrated: 47 planned interruptions in 54 days; Llama Team, The Llama 3 Herd of Models (2024), sec. 3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100; reference footprint 16,384 GPUs, 2,048 nodes, 16,384 NICs, 1,280 switches (3-tier, SuperPOD 64-SU counts), 57,344 transceivers, 12,288 PSUs", "estimate": false}
     }},
    {"id": "facility-defaults", "category": "facility", "name": "Facility build, maintenance and staff defaults",
     "figures": {
       "infraUSDPerW": {"value": 11.7, "unit": "USD/W", "source": "Cushman & Wakefield, Data Center Development Cost Guide 2025 (average of 19 US markets, excludes owner-furnished equipment, land, soft costs): $11.7M per MW of critical load", "estimate": false},
       "powerCoolingShare": {"value": 0.53, "unit": "1", "source": "Cushman & Wakefield, Data Center Development Cost Guide 2025 (average of 19 US markets, excludes owner-furnished equipment, land, soft costs): critical capacity (power and cooling) 53 % of the cost", "estimate": false},
       "maintenanceShare": {"value": 0.03, "unit": "1/year", "source": "estimate: yearly maintenance 3 % of CAPEX", "estimate": true},
       "staffFtePerMW": {"value": 1.0, "unit": "FTE/MW", "source": "estimate", "estimate": true},
       "staffUSDPerFte": {"value": 150000, "unit": "USD/year", "source": "estimate: loaded cost of a data-centre technician/engineer", "estimate": true},
       "psusPerNode": {"value": 6, "unit": "1", "source": "DGX H100 user guide: 6 x 3,300 W PSUs, applied to servers without a psus figure", "estimate": true},
       "linkLengthM": {"value": 30, "unit": "m", "source": "estimate: mean fibre length per fabric link when no BOM is given", "estimate": true},
       "cablePriceUSD": {"value": 150, "unit": "USD", "source": "estimate: fibre patch cable when the catalog cable has no price", "estimate": true}
     }}
  ]
})econ";
  return text;
}

const std::vector<Part>& builtinEconomicsParts()
{
  static const std::vector<Part> parts = []
  {
    std::vector<Part> out;
    const auto doc = nlohmann::json::parse(economicsDataJson());
    for (const auto& p : doc.at("parts"))
    {
      Part part;
      part.id = p.at("id").get<std::string>();
      part.category = p.at("category").get<std::string>();
      part.name = p.at("name").get<std::string>();
      for (const auto& [key, f] : p.at("figures").items())
      {
        part.figures[key] = Figure{ f.at("value").get<double>(), f.at("unit").get<std::string>(),
                                    f.at("source").get<std::string>(), f.value("estimate", false) };
      }
      if (p.contains("attributes"))
      {
        for (const auto& [key, v] : p.at("attributes").items())
        {
          part.attributes[key] = v.get<std::string>();
        }
      }
      out.push_back(std::move(part));
    }
    return out;
  }();
  return parts;
}

const Part* findEconomicsPart(const Catalog& catalog, const std::string& id)
{
  if (const Part* part = catalog.find(id))
  {
    return part;
  }
  const auto& parts = builtinEconomicsParts();
  auto it = std::find_if(parts.begin(), parts.end(), [&](const Part& p) { return p.id == id; });
  return it == parts.end() ? nullptr : &*it;
}

std::vector<std::string> economicsIdsOf(const Catalog& catalog, const std::string& category)
{
  std::vector<std::string> ids = catalog.idsOf(category);
  for (const auto& part : builtinEconomicsParts())
  {
    if (part.category == category)
    {
      ids.push_back(part.id);
    }
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

} // namespace myriad::engine::economics::detail
