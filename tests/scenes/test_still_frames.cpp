// Image quality at rest: still frames of the hall view (scenes::renderToPng, the drawing the app's
// view shows when the camera stops) compared pixel by pixel with reference frames kept in
// tests/scenes/frames/. Work on the frame rate (#22: cheaper lighting, merged geometry, culling,
// lower resolution while moving) must leave these frames as they are.
//
// Tolerance, per frame: a pixel "differs" when one of its channels moves by more than 32 of 255;
// at most 1 % of the pixels may differ and the mean absolute difference over all channels must
// stay under 1.5 levels. Why: Mesa's llvmpipe on another CPU (other vector widths, FMA) may move
// an anti-aliased edge or a glyph by a pixel; that touches well under 1 % of a frame. A change of
// lighting, colours, detail or geometry moves far more, which the negative control shows: the
// same frame coloured by power density instead of kind fails the comparison.
//
// Refresh the references after an intended change of the drawing (and say so in the commit):
//   MYRIAD_UPDATE_FRAMES=1 tests/run-gl.sh build/tests/scenes/test_still_frames

#include "scene_fixtures.h"

#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPNGReader.h>
#include <vtkPointData.h>
#include <vtkUnsignedCharArray.h>

#include <QTemporaryDir>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

using namespace myriad;

namespace
{

const std::string kFrames = MYRIAD_SOURCE_DIR "/tests/scenes/frames/";

struct Frame
{
  int width = 0;
  int height = 0;
  int channels = 0;
  std::vector<unsigned char> pixels;
};

Frame readPng(const std::string& path)
{
  vtkNew<vtkPNGReader> reader;
  reader->SetFileName(path.c_str());
  reader->Update();
  Frame frame;
  int dims[3] = { 0, 0, 0 };
  reader->GetOutput()->GetDimensions(dims);
  auto* scalars =
    vtkUnsignedCharArray::SafeDownCast(reader->GetOutput()->GetPointData()->GetScalars());
  if (!scalars)
    return frame;
  frame.width = dims[0];
  frame.height = dims[1];
  frame.channels = scalars->GetNumberOfComponents();
  const auto* data = scalars->GetPointer(0);
  frame.pixels.assign(data, data + scalars->GetNumberOfTuples() * frame.channels);
  return frame;
}

struct Difference
{
  double differingShare = 1; ///< pixels with a channel off by more than 32
  double meanAbs = 255;      ///< over all RGB channels
};

Difference compare(const Frame& a, const Frame& b)
{
  Difference d;
  if (a.width != b.width || a.height != b.height || a.channels < 3 || b.channels < 3)
    return d;
  const std::size_t count = static_cast<std::size_t>(a.width) * a.height;
  std::size_t differing = 0;
  double sum = 0;
  for (std::size_t i = 0; i < count; ++i)
  {
    int worst = 0;
    for (int c = 0; c < 3; ++c)
    {
      const int delta =
        std::abs(int(a.pixels[i * a.channels + c]) - int(b.pixels[i * b.channels + c]));
      worst = std::max(worst, delta);
      sum += delta;
    }
    differing += worst > 32 ? 1 : 0;
  }
  d.differingShare = double(differing) / double(count);
  d.meanAbs = sum / (3.0 * double(count));
  return d;
}

bool withinTolerance(const Difference& d)
{
  return d.differingShare <= 0.01 && d.meanAbs < 1.5;
}

} // namespace

class TestStillFrames final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void framesMatchTheReferences_data();
  void framesMatchTheReferences();
  void aChangedDrawingFails();

private:
  /** Render `sample` with `options` into the temporary folder; the PNG's path. */
  std::string render(const std::string& sample, const scenes::RenderOptions& options,
                     const std::string& name);
  QTemporaryDir m_dir;
};

void TestStillFrames::initTestCase()
{
  if (!tests::requireDisplay())
    QSKIP("no X display (run under xvfb-run or tests/run-gl.sh)");
  QVERIFY(m_dir.isValid());
}

std::string TestStillFrames::render(const std::string& sample, const scenes::RenderOptions& options,
                                    const std::string& name)
{
  const std::string path = m_dir.filePath(QString::fromStdString(name)).toStdString();
  std::string error;
  if (!scenes::renderToPng(tests::loadSample(sample), engine::Catalog::builtin(), path, options,
                           &error))
    qWarning("%s", error.c_str());
  return path;
}

void TestStillFrames::framesMatchTheReferences_data()
{
  QTest::addColumn<QString>("sample");
  QTest::addColumn<int>("view");
  QTest::addColumn<int>("colorBy");
  QTest::addColumn<QString>("reference");
  QTest::newRow("lab isometric, kind") << "lab-256" << int(scenes::CameraPreset::Isometric)
                                       << int(scenes::ColorBy::Kind) << "lab-256-isometric.png";
  QTest::newRow("10k top, kind") << "h100-superpod-10k" << int(scenes::CameraPreset::Top)
                                 << int(scenes::ColorBy::Kind) << "superpod-10k-top.png";
  QTest::newRow("10k isometric, power density")
    << "h100-superpod-10k" << int(scenes::CameraPreset::Isometric)
    << int(scenes::ColorBy::PowerDensity) << "superpod-10k-isometric-power-density.png";
}

void TestStillFrames::framesMatchTheReferences()
{
  QFETCH(QString, sample);
  QFETCH(int, view);
  QFETCH(int, colorBy);
  QFETCH(QString, reference);
  scenes::RenderOptions options;
  options.view = static_cast<scenes::CameraPreset>(view);
  options.colorBy = static_cast<scenes::ColorBy>(colorBy);
  options.width = 800;
  options.height = 500;
  const std::string actual = render(sample.toStdString(), options, reference.toStdString());
  const std::string expected = kFrames + reference.toStdString();
  if (std::getenv("MYRIAD_UPDATE_FRAMES"))
  {
    std::filesystem::copy_file(actual, expected, std::filesystem::copy_options::overwrite_existing);
    qInfo("wrote %s", expected.c_str());
  }
  const Frame a = readPng(actual);
  const Frame b = readPng(expected);
  QVERIFY2(b.width > 0, qPrintable("no reference frame " + QString::fromStdString(expected)));
  QCOMPARE(a.width, b.width);
  QCOMPARE(a.height, b.height);
  const Difference d = compare(a, b);
  QString report = QString("%1: %2 % of the pixels differ, mean difference %3 levels")
                     .arg(reference)
                     .arg(d.differingShare * 100, 0, 'f', 3)
                     .arg(d.meanAbs, 0, 'f', 3);
  qInfo("%s", qPrintable(report));
  if (!withinTolerance(d))
  {
    m_dir.setAutoRemove(false); // keep the frame for a look
    report += "; the frame drawn now is " + QString::fromStdString(actual);
  }
  QVERIFY2(withinTolerance(d), qPrintable(report));
}

void TestStillFrames::aChangedDrawingFails()
{
  // The lab hall coloured by power density against its reference coloured by kind: the racks change
  // colour, far more than the tolerance allows.
  scenes::RenderOptions options;
  options.colorBy = scenes::ColorBy::PowerDensity;
  options.width = 800;
  options.height = 500;
  const Frame changed = readPng(render("lab-256", options, "lab-power.png"));
  const Frame reference = readPng(kFrames + "lab-256-isometric.png");
  QVERIFY(reference.width > 0);
  const Difference d = compare(changed, reference);
  qInfo("coloured by power density: %.1f %% of the pixels differ, mean %.2f levels",
        d.differingShare * 100, d.meanAbs);
  QVERIFY2(!withinTolerance(d),
           qPrintable(QString("%1 % differ, mean %2").arg(d.differingShare * 100).arg(d.meanAbs)));
}

QTEST_MAIN(TestStillFrames)
#include "test_still_frames.moc"
