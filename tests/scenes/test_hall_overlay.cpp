// HallScene overlays: per-object values (telemetry, inlet temperatures) on the blue→red map.
// Expected colours are the ends of the map: the overlay's minimum is the first stop
// (49, 54, 149), its maximum the last (165, 0, 38); racks take the max of their contents.

#include "scene_fixtures.h"

#include <vtkNew.h>
#include <vtkRenderer.h>

#include <array>

using namespace myriad;

namespace
{

bool sameColor(const std::array<double, 3>& c, int r, int g, int b)
{
  return std::abs(c[0] * 255 - r) < 0.6 && std::abs(c[1] * 255 - g) < 0.6 &&
         std::abs(c[2] * 255 - b) < 0.6;
}

double saturation(const std::array<double, 3>& c)
{
  const double hi = std::max({ c[0], c[1], c[2] });
  const double lo = std::min({ c[0], c[1], c[2] });
  return hi - lo;
}

} // namespace

class TestHallOverlay final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void valuesMapToColourEnds();
  void rackTakesMaximumOfItsGpus();
  void staleIsDesaturated();
  void clearRestoresKindColouring();
  void overlaySurvivesRebuild();

private:
  scenes::Overlay temperatureOverlay() const;
  engine::Scene m_lab;
  std::string m_hotRack;
  std::string m_coolGpu;
  std::string m_gpuRack;
};

void TestHallOverlay::initTestCase()
{
  if (!tests::requireDisplay())
  {
    QSKIP("no X display (run under xvfb-run or tests/run-gl.sh)");
  }
  m_lab = tests::loadSample("lab-256");
  const engine::Hall& hall = m_lab.site.halls.at(0);
  m_hotRack = hall.rows.at(0).racks.at(0).id;
  const engine::Rack* withGpus = nullptr;
  for (const engine::Row& row : hall.rows)
  {
    for (const engine::Rack& rack : row.racks)
    {
      if (!withGpus && rack.id != m_hotRack && !rack.nodes.empty() && !rack.nodes[0].gpus.empty())
      {
        withGpus = &rack;
      }
    }
  }
  QVERIFY(withGpus);
  m_gpuRack = withGpus->id;
  m_coolGpu = engine::gpuId(withGpus->nodes[0], withGpus->nodes[0].gpus[0]);
}

scenes::Overlay TestHallOverlay::temperatureOverlay() const
{
  scenes::Overlay overlay;
  overlay.title = "GPU temperature";
  overlay.unit = "°C";
  overlay.minValue = 30;
  overlay.maxValue = 90;
  overlay.values = { { m_hotRack, 90.0 }, { m_coolGpu, 30.0 } };
  return overlay;
}

void TestHallOverlay::valuesMapToColourEnds()
{
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene hall(renderer);
  hall.build(m_lab, engine::Catalog::builtin());
  QVERIFY(!hall.hasOverlay());
  hall.setOverlay(temperatureOverlay());
  QVERIFY(hall.hasOverlay());
  QCOMPARE(hall.colorBy(), scenes::ColorBy::Overlay);
  const auto hot = hall.overlayColor(m_hotRack);
  const auto cool = hall.overlayColor(m_coolGpu);
  QVERIFY(hot && cool);
  QVERIFY(sameColor(*hot, 165, 0, 38));
  QVERIFY(sameColor(*cool, 49, 54, 149));
  QVERIFY(!hall.overlayColor("H9-R99-K99")); // no such object, no value
  QVERIFY(hall.summary().find("color by overlay") != std::string::npos);
}

void TestHallOverlay::rackTakesMaximumOfItsGpus()
{
  // The GPU rack has one GPU at the minimum and nothing else: its colour is that GPU's. A second
  // GPU in the same rack at 60 °C (the middle) raises the rack to the middle colour.
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene hall(renderer);
  hall.build(m_lab, engine::Catalog::builtin());
  scenes::Overlay overlay = temperatureOverlay();
  hall.setOverlay(overlay);
  QVERIFY(sameColor(*hall.overlayColor(m_gpuRack), 49, 54, 149));
  const engine::Rack* rack = nullptr;
  for (const engine::Row& row : m_lab.site.halls[0].rows)
  {
    for (const engine::Rack& r : row.racks)
    {
      rack = r.id == m_gpuRack ? &r : rack;
    }
  }
  QVERIFY(rack && rack->nodes[0].gpus.size() > 1);
  overlay.values.emplace_back(engine::gpuId(rack->nodes[0], rack->nodes[0].gpus[1]), 60.0);
  hall.setOverlay(overlay);
  const auto middle = hall.overlayColor(m_gpuRack);
  QVERIFY(middle);
  QVERIFY(!sameColor(*middle, 49, 54, 149));
  QVERIFY(!sameColor(*middle, 165, 0, 38));
}

void TestHallOverlay::staleIsDesaturated()
{
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene hall(renderer);
  hall.build(m_lab, engine::Catalog::builtin());
  scenes::Overlay overlay = temperatureOverlay();
  hall.setOverlay(overlay);
  const auto fresh = *hall.overlayColor(m_hotRack);
  overlay.stale = { m_hotRack };
  hall.setOverlay(overlay);
  const auto stale = *hall.overlayColor(m_hotRack);
  QVERIFY(saturation(stale) < 0.6 * saturation(fresh));
}

void TestHallOverlay::clearRestoresKindColouring()
{
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene hall(renderer);
  hall.build(m_lab, engine::Catalog::builtin());
  hall.setOverlay(temperatureOverlay());
  hall.clearOverlay();
  QVERIFY(!hall.hasOverlay());
  QCOMPARE(hall.colorBy(), scenes::ColorBy::Kind);
  QVERIFY(!hall.overlayColor(m_hotRack));
}

void TestHallOverlay::overlaySurvivesRebuild()
{
  // An edit rebuilds the scene; the overlay stays and is re-aggregated on the new layout.
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene hall(renderer);
  hall.build(m_lab, engine::Catalog::builtin());
  hall.setOverlay(temperatureOverlay());
  hall.setLevelOfDetail(scenes::DetailLevel::Gpus);
  hall.build(m_lab, engine::Catalog::builtin());
  QVERIFY(hall.hasOverlay());
  QVERIFY(sameColor(*hall.overlayColor(m_gpuRack), 49, 54, 149));
}

QTEST_APPLESS_MAIN(TestHallOverlay)
#include "test_hall_overlay.moc"
