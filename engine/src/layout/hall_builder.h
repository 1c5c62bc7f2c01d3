#pragma once
// Builds one explicit hall from a validated GeneratorSpec (see generator.cpp for the rules).
#include "myriad/engine/catalog.h"
#include "myriad/engine/model.h"

#include <vector>

namespace myriad::engine::detail
{

/** The enclosure of racks that are not tanks in an immersion hall (network racks). */
inline constexpr const char* kAirRackModel = "rack-48u-600x1200";

/** Air handlers are sized to run at most this share of their capacity at peak with all units
 *  on: the thermal model shows that the units nearest the hottest rows take 10–20 % more
 *  than the mean (return air is not mixed evenly). */
inline constexpr double kDesignLoadFraction = 0.85;
/** Cooler airflow over rack airflow at peak: > 1 so that row ends and rack tops do not draw
 *  exhaust air (ASHRAE practice: 10–20 % oversupply with containment). */
inline constexpr double kAirflowMargin = 1.15;

class HallBuilder
{
public:
  HallBuilder(const GeneratorSpec& spec, const Catalog& catalog, const Part& server,
              const Part& rack);
  Hall build();

private:
  struct RowPlan
  {
    std::vector<Rack> racks;
  };

  void planComputeRows();
  void planSpineRows();
  std::vector<Switch> scalableUnitLeaves(int su) const;
  std::vector<Rack> scalableUnitRacks(int su);
  std::vector<Rack> networkRacks(std::vector<Switch> switches);
  Rack emptyRack(RackKind kind) const;
  void fillComputeRack(Rack& rack, int su, int& nodeInSu);
  void placeRows(Hall& hall);
  void placeCoolers(Hall& hall);
  void placeCdus(Hall& hall, double liquidW);
  int airHandlerCount(double airW, double rackAirflowM3s) const;
  void placeFeeds(Hall& hall);
  void assignIds(Hall& hall);

  const GeneratorSpec& m_spec;
  const Catalog& m_catalog;
  const Part& m_server;
  const Part& m_rack;        ///< compute racks' enclosure (a tank in an immersion hall)
  const Part& m_networkRack; ///< network racks' enclosure (always an air-cooled rack)
  int m_gpusPerNode = 0;
  int m_rails = 0;
  int m_scalableUnits = 0;
  int m_leavesPerSu = 0;
  int m_spines = 0;
  int m_cores = 0;
  std::vector<RowPlan> m_rows;
  int m_spineRowIndex = 0;
};

/** Deterministic GPU UUID for a GPU id ("GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"). */
std::string syntheticGpuUuid(const std::string& gpuId);

} // namespace myriad::engine::detail
