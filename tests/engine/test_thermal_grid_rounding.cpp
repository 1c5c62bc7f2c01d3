// The thermal grid has whole cells (n = round(L / h) per axis), so a hall whose size is not a
// multiple of the cell edge is solved a little larger or smaller; gridRounding says by how much,
// from the grid the solve really used (issue: the hall height was rounded without a word).
#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/thermal/grid_rounding.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <QtTest/QtTest>

#include <cmath>

using namespace myriad::engine;
using namespace myriad::engine::thermal;

class TestThermalGridRounding final : public QObject
{
  Q_OBJECT

private slots:
  void aHallNotAMultipleOfTheCellIsReported()
  {
    // lab-256 made 3.5 m high and solved at 0.2 m cells: round(3.5 / 0.2) = round(17.5) = 18
    // cells, i.e. 3.6 m (lround rounds halves away from zero).
    Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
    scene.site.halls.front().heightM = 3.5;
    ThermalOptions options;
    options.cellM = 0.2;
    const ThermalResult r = analyzeHall(scene, 0, Catalog::builtin(), options);
    QCOMPARE(r.problem.grid.nz, 18);
    const GridRounding g = gridRounding(scene.site.halls.front(), r.problem.grid);
    QVERIFY(g.rounded());
    QVERIFY(std::abs(g.gridHeightM - 3.6) < 1e-9);
    QVERIFY2(g.describe().find("height 3.50 m → 3.60 m") != std::string::npos,
             g.describe().c_str());
  }

  void aHallOfWholeCellsIsNot()
  {
    // 4.0 m at 0.25 m cells: 16 cells exactly; width and depth made multiples of the cell too.
    Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
    Hall& hall = scene.site.halls.front();
    hall.heightM = 4.0;
    hall.widthM = std::round(hall.widthM / 0.25) * 0.25;
    hall.depthM = std::round(hall.depthM / 0.25) * 0.25;
    ThermalOptions options;
    options.cellM = 0.25;
    const ThermalResult r = analyzeHall(scene, 0, Catalog::builtin(), options);
    const GridRounding g = gridRounding(hall, r.problem.grid);
    QVERIFY2(!g.rounded(), g.describe().c_str());
    QVERIFY(g.describe().empty());
  }
};

QTEST_APPLESS_MAIN(TestThermalGridRounding)
#include "test_thermal_grid_rounding.moc"
