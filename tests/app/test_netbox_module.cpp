// File ▸ Import from NetBox… in a bare context. The recorded NetBox 4.1 answers
// (tests/netbox/fixtures/netbox-4.1) import on the dialog's worker thread: 8 racks, 18 devices,
// 96 cables, placed by the floor-plan plugin; opening them replaces the document with that hall,
// A01 at its plan position. A NetBox that accepts the connection and never answers is cancelled
// from the dialog: the import ends as cancelled and the document stays as it was.
#include "app_test_support.h"
#include "module_test_support.h"
#include "netbox_import_dialog.h"
#include "netbox_module.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/query.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

namespace myriad::app
{

class TestNetboxModule final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase() { test::useTestSettings(); }
  void importsSavedAnswersAndOpensTheHall();
  void cancelsAnImportThatHangs();
};

void TestNetboxModule::importsSavedAnswersAndOpensTheHall()
{
  test::BareContext bare;
  NetboxModule& module = bare.add<NetboxModule>();
  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  NetboxImportDialog* dialog = module.dialog();
  dialog->setSource(QStringLiteral(MYRIAD_SOURCE_DIR "/tests/netbox/fixtures/netbox-4.1"));
  dialog->setSite(QStringLiteral("bj-dc1"));
  QSignalSpy finished(dialog, &NetboxImportDialog::importFinished);
  dialog->startImport();
  QVERIFY(dialog->running());
  QVERIFY(finished.wait(60000));
  QCOMPARE(finished.front().front().toBool(), true);
  QVERIFY2(dialog->summary().startsWith(
             QStringLiteral("8 racks, 18 devices, 96 cables; positions from hall-1: floor plan")),
           qPrintable(dialog->summary()));

  QVERIFY(module.openImported());
  const engine::Scene& scene = bare.context.document->scene();
  QCOMPARE(engine::countScene(scene, bare.context.catalog()).racks, 8);
  const engine::Rack& a01 = scene.site.halls.front().rows.back().racks.front();
  QCOMPARE(a01.id, std::string("A01"));
  QCOMPARE(a01.xM, 0.7); // plan centre (1.0, 2.0) of an 8 m deep plan: y = 8 − 2 − 0.6
  QCOMPARE(a01.yM, 5.4);
}

void TestNetboxModule::cancelsAnImportThatHangs()
{
  test::BareContext bare;
  NetboxModule& module = bare.add<NetboxModule>();
  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  const std::string before = bare.context.document->scene().site.name;
  QTcpServer silent; // accepts, reads, never answers
  QVERIFY(silent.listen(QHostAddress::LocalHost));
  QSignalSpy connected(&silent, &QTcpServer::newConnection);
  NetboxImportDialog* dialog = module.dialog();
  dialog->setSource(QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort()));
  QSignalSpy finished(dialog, &NetboxImportDialog::importFinished);
  dialog->startImport();
  QVERIFY(connected.wait(30000));
  dialog->cancelImport();
  QVERIFY(finished.wait(30000));
  QCOMPARE(finished.front().front().toBool(), false);
  auto* status = dialog->findChild<QLabel*>(QStringLiteral("netboxStatus"));
  QVERIFY2(status->text().contains(QStringLiteral("cancelled")), qPrintable(status->text()));
  QVERIFY(!dialog->result());
  QVERIFY(!module.openImported());
  QCOMPARE(bare.context.document->scene().site.name, before);
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestNetboxModule)
#include "test_netbox_module.moc"
