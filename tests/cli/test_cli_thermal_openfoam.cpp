// myriad-cli thermal --openfoam-case on the CFD reference hall (bench/openfoam/hall-two-rows.json):
// 16 air-cooled racks of 2, 3 or 4 DGX H100 (48 × 10.2 kW = 489.6 kW, ΔT 15 K), a raised floor
// (one tile supply) and two 250 kW CRAHs (16.6 m³/s each, returns above the units). No OpenFOAM
// is needed: the test reads the written dictionaries.
#include "cli_test_support.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace
{

using myriad::tests::cli;
using myriad::tests::Run;

const QString kHall = QStringLiteral(MYRIAD_SOURCE_DIR "/bench/openfoam/hall-two-rows.json");
constexpr double kRhoAir = 1.2; // kg/m³, the model's air density
constexpr int kRacks = 16, kNodes = 48;
constexpr double kNodeW = 10200;

/** Sum of every number captured by `pattern` (one capture group) in `text`. */
double sumOf(const QString& text, const QString& pattern, int* count = nullptr)
{
  double sum = 0;
  int n = 0;
  auto it = QRegularExpression(pattern).globalMatch(text);
  while (it.hasNext())
  {
    sum += it.next().captured(1).toDouble();
    ++n;
  }
  if (count)
    *count = n;
  return sum;
}

} // namespace

class TestCliThermalOpenFoam final : public QObject
{
  Q_OBJECT

private slots:
  void writesAWellFormedCase()
  {
    QTemporaryDir dir;
    const QString caseDir = dir.filePath("case");
    const Run run =
      cli({ "thermal", kHall, "--top", "0", "--utilisation", "1", "--openfoam-case", caseDir });
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains("OpenFOAM case written to"), qPrintable(run.out));
    for (const char* file :
         { "system/blockMeshDict", "system/topoSetDict.solid", "system/topoSetDict.ports",
           "system/createPatchDict", "system/controlDict", "system/fvSchemes", "system/fvSolution",
           "constant/g", "constant/thermophysicalProperties", "constant/turbulenceProperties",
           "0.orig/U", "0.orig/T", "0.orig/p", "0.orig/p_rgh", "0.orig/k", "0.orig/epsilon",
           "0.orig/nut", "0.orig/alphat", "myriad-ports.csv" })
      QVERIFY2(QFile::exists(QDir(caseDir).filePath(file)), file);

    // Mesh: the model grid, 16 × 9 × 4 m at 0.25 m = 64 × 36 × 16 cells.
    const QString mesh = myriad::tests::readAll(caseDir + "/system/blockMeshDict");
    QVERIFY(mesh.contains("(64 36 16)"));

    // One patch per port: intake and exhaust per rack, the tile supply, one return per CRAH.
    const QString patches = myriad::tests::readAll(caseDir + "/system/createPatchDict");
    QCOMPARE(patches.count("constructFrom set;"), 2 * kRacks + 1 + 2);
    QCOMPARE(patches.count(QRegularExpression("name rack\\d+_in;")), kRacks);
    QCOMPARE(patches.count(QRegularExpression("name rack\\d+_out;")), kRacks);
    const QString sets = myriad::tests::readAll(caseDir + "/system/topoSetDict.ports");
    QCOMPARE(sets.count("type    faceSet;"), 2 * kRacks + 3);

    // Heat: the exhaust boundary conditions add the racks' air heat, Σ = 48 × 10.2 kW.
    const QString t = myriad::tests::readAll(caseDir + "/0.orig/T");
    int exhausts = 0;
    const double heatW = sumOf(t,
                               "outletMappedUniformInletHeatAddition; outletPatch rack\\d+_in;"
                               " Q ([0-9.e+-]+);",
                               &exhausts);
    QCOMPARE(exhausts, kRacks);
    QVERIFY2(std::abs(heatW - kNodes * kNodeW) < 1e-6 * kNodes * kNodeW, qPrintable(t.left(400)));
    QVERIFY(t.contains("uniform 293.15")); // 20 °C supply in kelvin

    // Flows: mass in (tiles + exhausts) = mass out (intakes + the fixed-flow return) + the
    // pressure return's share; tiles carry both CRAHs, 2 × 16.6 m³/s × 1.2 kg/m³.
    const QString u = myriad::tests::readAll(caseDir + "/0.orig/U");
    int inlets = 0, outlets = 0;
    const double in =
      sumOf(u, "flowRateInletVelocity; massFlowRate constant ([0-9.e+-]+);", &inlets);
    const double out =
      sumOf(u, "flowRateOutletVelocity; massFlowRate constant ([0-9.e+-]+);", &outlets);
    QCOMPARE(inlets, kRacks + 1);
    QCOMPARE(outlets, kRacks + 1);
    QCOMPARE(u.count("pressureInletOutletVelocity"), 1);
    const double crahKgS = 16.6 * kRhoAir;
    QVERIFY2(std::abs(in - out - crahKgS) < 1e-6 * in, qPrintable(QString::number(in - out)));
    const double tiles =
      sumOf(u, "supply0 \\{ type flowRateInletVelocity; massFlowRate constant ([0-9.e+-]+);");
    QVERIFY2(std::abs(tiles - 2 * crahKgS) < 1e-6 * tiles, qPrintable(QString::number(tiles)));

    // Each rack's intake: its front face on the grid, 9 cells high (2.26 m rounded to 2.25 m)
    // and 2 or 3 cells wide (0.6 m rounded to ±h/2), so 0.5–0.75 m × 2.25 m.
    const QString csv = myriad::tests::readAll(caseDir + "/myriad-ports.csv");
    auto rows = QRegularExpression("\\nrack\\d+_in,rack-intake,[^,]+,[^,]+,[^,]+,,0,(\\d+),")
                  .globalMatch(csv);
    int intakes = 0;
    while (rows.hasNext())
    {
      const int cells = rows.next().captured(1).toInt();
      QVERIFY2(cells == 18 || cells == 27, qPrintable(QString::number(cells)));
      ++intakes;
    }
    QCOMPARE(intakes, kRacks);
    // Probes: one area-averaged T per rack intake and per return.
    const QString control = myriad::tests::readAll(caseDir + "/system/controlDict");
    QCOMPARE(control.count("type surfaceFieldValue;"), kRacks + 2);
  }

  void rejectsBadOptions()
  {
    QTemporaryDir dir;
    const Run refine = cli({ "thermal", kHall, "--top", "0", "--openfoam-case", dir.filePath("a"),
                             "--openfoam-refine", "9" });
    QCOMPARE(refine.exitCode, 2); // a usage error, refused before the hall is solved
    QVERIFY2(refine.err.contains("--openfoam-refine expects a whole number from 1 to 4"),
             qPrintable(refine.err));
    const Run scheme = cli({ "thermal", kHall, "--top", "0", "--openfoam-case", dir.filePath("b"),
                             "--openfoam-scheme", "central" });
    QCOMPARE(scheme.exitCode, 2);
    QVERIFY2(scheme.err.contains("central"), qPrintable(scheme.err));
  }
};

QTEST_GUILESS_MAIN(TestCliThermalOpenFoam)
#include "test_cli_thermal_openfoam.moc"
