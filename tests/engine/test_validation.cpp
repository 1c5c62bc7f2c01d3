// Physical validation: overlaps, bounds, U slots, PDU capacity and feed ratings.
#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/validation.h"

#include <QtTest>

using namespace myriad::engine;

namespace
{
Scene lab()
{
  return generateScene(builtinSpec("lab-256"), Catalog::builtin());
}

bool mentions(const std::vector<Diagnostic>& diagnostics, const std::string& text)
{
  for (const auto& d : diagnostics)
  {
    if (d.message.find(text) != std::string::npos)
    {
      return true;
    }
  }
  return false;
}
} // namespace

class TestValidation final : public QObject
{
  Q_OBJECT

private slots:
  void touchingRacksDoNotOverlap();
  void overlappingRacksAreReported();
  void nodesSharingRackUnits();
  void rackOverItsPduCapacity();
  void feedOverItsRating();
  void unknownFeedAndDuplicateId();
};

void TestValidation::touchingRacksDoNotOverlap()
{
  // Racks on a 0.6 m pitch with 0.6 m width touch but do not intersect.
  const auto diagnostics = validateScene(lab(), Catalog::builtin());
  QVERIFY(diagnostics.empty());
}

void TestValidation::overlappingRacksAreReported()
{
  Scene scene = lab();
  auto& racks = scene.site.halls[0].rows[0].racks;
  racks[2].xM = racks[1].xM + 0.59; // 1 cm of overlap
  const auto diagnostics = validateScene(scene, Catalog::builtin());
  QCOMPARE(errorCount(diagnostics), 1);
  QCOMPARE(diagnostics[0].objectId, racks[2].id);
  QCOMPARE(diagnostics[0].jsonPath, std::string("/site/halls/0/rows/0/racks/2/xM"));
}

void TestValidation::nodesSharingRackUnits()
{
  // DGX H100 is 8U: a node at U5 collides with the one at U2 (U2–U9).
  Scene scene = lab();
  auto& nodes = scene.site.halls[0].rows[0].racks[0].nodes;
  nodes[1].slotU = 5;
  const auto diagnostics = validateScene(scene, Catalog::builtin());
  QVERIFY(mentions(diagnostics, "overlaps " + nodes[0].id));
  nodes[1].slotU = 45; // U45–U52 in a 48U rack
  QVERIFY(mentions(validateScene(scene, Catalog::builtin()), "outside rack"));
}

void TestValidation::rackOverItsPduCapacity()
{
  // 4 × 10.2 kW = 40.8 kW against a 40 kW cap.
  Scene scene = lab();
  scene.site.halls[0].rows[0].racks[0].powerCapW = 40000;
  const auto diagnostics = validateScene(scene, Catalog::builtin());
  QCOMPARE(errorCount(diagnostics), 1);
  QVERIFY(mentions(diagnostics, "40.8 kW, over its PDU capacity of 40.0 kW"));
}

void TestValidation::feedOverItsRating()
{
  // The lab's 2N feeds each carry all 346.8 kW; a 300 kW rating is too small for either.
  Scene scene = lab();
  for (auto& feed : scene.site.halls[0].feeds)
  {
    feed.capacityW = 300000;
  }
  const auto diagnostics = validateScene(scene, Catalog::builtin());
  QCOMPARE(errorCount(diagnostics), 2);
  QVERIFY(mentions(diagnostics, "must carry 346.8 kW"));
  // With N redundancy the two feeds share the load: 173.4 kW each fits in 300 kW.
  for (auto& feed : scene.site.halls[0].feeds)
  {
    feed.redundancy = Redundancy::N;
  }
  QCOMPARE(errorCount(validateScene(scene, Catalog::builtin())), 0);
}

void TestValidation::unknownFeedAndDuplicateId()
{
  Scene scene = lab();
  auto& racks = scene.site.halls[0].rows[0].racks;
  racks[0].feeds = { "H1-F99A" };
  racks[1].id = racks[2].id;
  const auto diagnostics = validateScene(scene, Catalog::builtin());
  QVERIFY(mentions(diagnostics, "unknown power feed \"H1-F99A\""));
  QVERIFY(mentions(diagnostics, "duplicate id"));
}

QTEST_APPLESS_MAIN(TestValidation)
#include "test_validation.moc"
