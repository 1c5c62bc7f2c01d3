/**
 * @file test_backend_factory.cpp
 * The backend factory on whatever machine runs it: parsing backend names, what Auto and Cpu pick
 * and why, and that asking for CUDA where it cannot run is an error naming the cause. Written so
 * it passes both without a GPU (the usual CI case) and with one.
 */

#include "myriad/backend/backend.h"
#include "myriad/backend/config.h"
#include "myriad/backend/poisson_smoother.h"
#include "myriad/engine/error.h"
#include "myriad/engine/log.h"

#include <QtTest/QtTest>

#include <string>
#include <vector>

using myriad::backend::Backend;

namespace
{

bool contains(const std::string& text, const std::string& part)
{
  return text.find(part) != std::string::npos;
}

bool cudaUsable()
{
  const auto& query = myriad::backend::queryDevices();
  return query.compiledIn && !query.devices.empty();
}

} // namespace

class TestBackendFactory final : public QObject
{
  Q_OBJECT

private slots:
  void logsEachChoiceOnce();
  void namesRoundTrip();
  void unknownNameThrows();
  void queryMatchesBuild();
  void autoPicksCudaOnlyWithDevice();
  void cpuAlwaysGivesCpu();
  void cudaWithoutDeviceThrows();
  void cudaSmootherWithoutDeviceThrows();
};

void TestBackendFactory::logsEachChoiceOnce()
{
  // Three requests for the same backend give one Info line; the log sink sees the reason.
  std::vector<std::string> messages;
  myriad::engine::setLogSink(
    [&messages](myriad::engine::LogLevel level, const std::string& text)
    {
      if (level == myriad::engine::LogLevel::Info)
      {
        messages.push_back(text);
      }
    });
  const auto first = myriad::backend::selectBackend(Backend::Cpu);
  myriad::backend::selectBackend(Backend::Cpu);
  myriad::backend::selectBackend(Backend::Cpu);
  myriad::engine::setLogSink({});
  QCOMPARE(messages.size(), std::size_t(1));
  QCOMPARE(messages.front(), first.reason);
}

void TestBackendFactory::namesRoundTrip()
{
  for (Backend backend : { Backend::Cpu, Backend::Cuda, Backend::Auto })
  {
    QCOMPARE(myriad::backend::backendFromString(myriad::backend::toString(backend)), backend);
  }
  QCOMPARE(myriad::backend::backendFromString("CUDA"), Backend::Cuda);
  QCOMPARE(myriad::backend::backendFromString("Auto"), Backend::Auto);
}

void TestBackendFactory::unknownNameThrows()
{
  for (const char* bad : { "", "gpu", "cpu ", "opencl" })
  {
    try
    {
      myriad::backend::backendFromString(bad);
      QFAIL(qPrintable(QString("no exception for backend name \"%1\"").arg(bad)));
    }
    catch (const myriad::engine::SpecError& error)
    {
      QVERIFY2(contains(error.what(), "expected cpu, cuda or auto"), error.what());
    }
  }
}

void TestBackendFactory::queryMatchesBuild()
{
  // The query reports whether CUDA was compiled in, and always says what the runtime answered.
  const auto& query = myriad::backend::queryDevices();
  QCOMPARE(query.compiledIn, MYRIAD_HAVE_CUDA == 1);
  QVERIFY(!query.status.empty());
  QCOMPARE(&myriad::backend::queryDevices(), &query); // cached
  if (!query.compiledIn)
  {
    QVERIFY(query.devices.empty());
  }
  for (const auto& device : query.devices)
  {
    QVERIFY(!device.name.empty());
    QVERIFY(device.computeMajor >= 7); // CUDA 13 supports sm_75 and newer
    QVERIFY(device.memoryBytes > 0);
  }
}

void TestBackendFactory::autoPicksCudaOnlyWithDevice()
{
  const auto choice = myriad::backend::selectBackend(Backend::Auto);
  const auto& query = myriad::backend::queryDevices();
  if (cudaUsable())
  {
    QCOMPARE(choice.backend, Backend::Cuda);
    QVERIFY2(contains(choice.reason, "CUDA backend on " + query.devices.front().name),
             choice.reason.c_str());
    return;
  }
  QCOMPARE(choice.backend, Backend::Cpu);
  const std::string expected = query.compiledIn
                                 ? "CPU backend: CUDA built but no device: " + query.status
                                 : "CPU backend: this build has no CUDA (MYRIAD_ENABLE_CUDA=OFF)";
  QCOMPARE(choice.reason, expected);
}

void TestBackendFactory::cpuAlwaysGivesCpu()
{
  const auto choice = myriad::backend::selectBackend(Backend::Cpu);
  QCOMPARE(choice.backend, Backend::Cpu);
  QVERIFY2(contains(choice.reason, "CPU backend"), choice.reason.c_str());
}

void TestBackendFactory::cudaWithoutDeviceThrows()
{
  if (cudaUsable())
  {
    QCOMPARE(myriad::backend::selectBackend(Backend::Cuda).backend, Backend::Cuda);
    return;
  }
  const auto& query = myriad::backend::queryDevices();
  try
  {
    myriad::backend::selectBackend(Backend::Cuda);
    QFAIL("asking for CUDA without a usable device did not throw");
  }
  catch (const myriad::engine::Error& error)
  {
    // The message names the cause: the missing build option, or the runtime's answer.
    const std::string cause = query.compiledIn ? query.status : "MYRIAD_ENABLE_CUDA";
    QVERIFY2(contains(error.what(), cause), error.what());
    QVERIFY2(contains(error.what(), "CUDA backend requested"), error.what());
  }
}

void TestBackendFactory::cudaSmootherWithoutDeviceThrows()
{
  if (cudaUsable())
  {
    QSKIP("a CUDA device is present; test_poisson_parity covers the CUDA smoother");
  }
  const myriad::backend::Grid3 grid{ 3, 3, 3, 0.5 };
  std::vector<double> rhs(grid.pointCount(), 1.0);
  std::vector<double> u(grid.pointCount(), 0.0);
  QVERIFY_THROWS_EXCEPTION(myriad::engine::Error,
                           myriad::backend::jacobiSweepsCuda(grid, rhs, u, 1));
  QCOMPARE(u, std::vector<double>(grid.pointCount(), 0.0)); // untouched
  // Auto falls back to the CPU and says so.
  const auto choice = myriad::backend::jacobiSweeps(Backend::Auto, grid, rhs, u, 1);
  QCOMPARE(choice.backend, Backend::Cpu);
  QCOMPARE(u[grid.index(1, 1, 1)], 0.25 * 1.0 / 6.0); // h²·f/6 with zero neighbours
}

QTEST_APPLESS_MAIN(TestBackendFactory)
#include "test_backend_factory.moc"
