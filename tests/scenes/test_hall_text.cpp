// The 3D view's own text in another language (scenes::SceneText): row labels and the legend
// title take the injected words, and text beyond Latin-1 is drawn with a font file that has the
// glyphs. VTK's built-in fonts have no CJK glyphs: without the file a Chinese label draws the
// font's empty "missing glyph" box for every ideograph. So the pixel test compares three renders
// of the lab-256 sample's labels from the top camera: Chinese with the CJK file, the same number
// of private-use characters (which no font draws: the missing-glyph box) with the same file, and
// the Chinese with VTK's Arial. Real glyphs differ from both.

#include "scene_fixtures.h"

#include <vtkBillboardTextActor3D.h>
#include <vtkNew.h>
#include <vtkPropCollection.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkTextProperty.h>
#include <vtkUnsignedCharArray.h>

#include <regex>

using namespace myriad;

namespace
{

/** "Row 3" and "Network row 1" → "第 3 列", "第 1 列"; other names as they are. */
std::string chineseRowLabel(const std::string& name)
{
  static const std::regex generated("^(?:Network row|Row) (\\d+)$");
  std::smatch match;
  return std::regex_match(name, match, generated) ? "第 " + match[1].str() + " 列" : name;
}

/** The same shape of text in U+E000 (private use: no font has a glyph, every font a box). */
std::string boxRowLabel(const std::string& name)
{
  static const std::regex generated("^(?:Network row|Row) (\\d+)$");
  std::smatch match;
  return std::regex_match(name, match, generated)
           ? "\xEE\x80\x80 " + match[1].str() + " \xEE\x80\x80"
           : name;
}

} // namespace

class TestHallText final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void textBeyondLatin1NeedsAFontFile();
  void fontconfigFindsACjkFace();
  void labelsAndLegendTakeTheInjectedWords();
  void chineseLabelsDrawGlyphsNotBoxes();

private:
  /** An off-screen top view of the lab with `text`; its colour buffer. */
  std::vector<unsigned char> render(const scenes::SceneText& text, bool labelsShown) const;
  /** The row labels drawn by `renderer`. */
  static std::vector<vtkBillboardTextActor3D*> labels(vtkRenderer* renderer);

  engine::Scene m_lab;
  std::string m_cjkFont;
};

void TestHallText::initTestCase()
{
  if (!tests::requireDisplay())
  {
    QSKIP("no X display (run under xvfb-run or tests/run-gl.sh)");
  }
  m_lab = tests::loadSample("lab-256");
  m_cjkFont = scenes::fontFileCovering("第列机柜功率", "zh-cn");
}

void TestHallText::textBeyondLatin1NeedsAFontFile()
{
  QVERIFY(!scenes::needsFontFile("Row 3"));
  QVERIFY(!scenes::needsFontFile("Temp\xC3\xA9rature (\xC2\xB0"
                                 "C)")); // é and ° are Latin-1: Arial has them
  QVERIFY(scenes::needsFontFile("第 3 列"));
  QVERIFY(scenes::needsFontFile("\xE2\x88\x92" // U+2212 minus sign: beyond Latin-1
                                "1"));
}

void TestHallText::fontconfigFindsACjkFace()
{
  // scripts/install-deps.sh installs fonts-droid-fallback and fonts-noto-cjk.
  QVERIFY2(!m_cjkFont.empty(), "no font with CJK glyphs (scripts/install-deps.sh)");
  QVERIFY(std::filesystem::exists(m_cjkFont));
  // A Latin-only request is answered too; a code point no font has is not.
  QVERIFY(!scenes::fontFileCovering("Row", "en").empty());
  QVERIFY(scenes::fontFileCovering("\xEE\x80\x80", "zh-cn").empty());
}

void TestHallText::labelsAndLegendTakeTheInjectedWords()
{
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene hall(renderer);
  hall.build(m_lab, engine::Catalog::builtin());
  scenes::SceneText text;
  text.fontFile = m_cjkFont;
  text.rackPowerTitle = "机柜功率 (kW)";
  text.rowLabel = chineseRowLabel;
  hall.setText(text); // after the build: the drawn labels change
  const std::vector<vtkBillboardTextActor3D*> drawn = labels(renderer);
  QVERIFY(!drawn.empty());
  for (vtkBillboardTextActor3D* label : drawn)
  {
    const std::string input = label->GetInput();
    QVERIFY2(input.rfind("第 ", 0) == 0, input.c_str());
    QCOMPARE(label->GetTextProperty()->GetFontFamily(), VTK_FONT_FILE);
    QCOMPARE(std::string(label->GetTextProperty()->GetFontFile()), m_cjkFont);
  }
  // A rebuild (another document) keeps the words.
  hall.build(m_lab, engine::Catalog::builtin());
  QVERIFY(std::string(labels(renderer).front()->GetInput()).rfind("第 ", 0) == 0);
  QCOMPARE(hall.text().rackPowerTitle, text.rackPowerTitle);
}

void TestHallText::chineseLabelsDrawGlyphsNotBoxes()
{
  QVERIFY2(!m_cjkFont.empty(), "no font with CJK glyphs (scripts/install-deps.sh)");
  scenes::SceneText chinese;
  chinese.fontFile = m_cjkFont;
  chinese.rowLabel = chineseRowLabel;
  scenes::SceneText boxes = chinese;
  boxes.rowLabel = boxRowLabel;
  scenes::SceneText arial = chinese; // the same words with VTK's own font
  arial.fontFile.clear();

  const std::vector<unsigned char> withGlyphs = render(chinese, true);
  const std::vector<unsigned char> unlabelled = render(chinese, false);
  const std::vector<unsigned char> withBoxes = render(boxes, true);
  const std::vector<unsigned char> withArial = render(arial, true);
  const auto differing =
    [](const std::vector<unsigned char>& a, const std::vector<unsigned char>& b)
  {
    int count = 0;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i)
    {
      count += a[i] != b[i] ? 1 : 0;
    }
    return count;
  };
  // The labels are drawn at all, and their ideographs are not the missing-glyph box, in the
  // view's font file or in Arial. 30 colour values: a few dozen pixels of stroke at least.
  QVERIFY2(differing(withGlyphs, unlabelled) > 30, "the row labels are not drawn");
  QVERIFY2(differing(withGlyphs, withBoxes) > 30, "the ideographs draw as missing-glyph boxes");
  QVERIFY2(differing(withGlyphs, withArial) > 30, "the font file is not used");
}

std::vector<unsigned char> TestHallText::render(const scenes::SceneText& text,
                                                bool labelsShown) const
{
  vtkNew<vtkRenderWindow> window;
  vtkNew<vtkRenderer> renderer;
  window->SetOffScreenRendering(1);
  window->SetSize(640, 400);
  window->AddRenderer(renderer);
  scenes::HallScene hall(renderer);
  hall.setText(text);
  hall.build(m_lab, engine::Catalog::builtin());
  hall.applyCameraPreset(scenes::CameraPreset::Top);
  for (vtkBillboardTextActor3D* label : labels(renderer))
  {
    label->SetVisibility(labelsShown ? 1 : 0);
  }
  window->Render();
  vtkNew<vtkUnsignedCharArray> data;
  window->GetPixelData(0, 0, 639, 399, 0, data);
  const unsigned char* p = data->GetPointer(0);
  return { p, p + data->GetNumberOfValues() };
}

std::vector<vtkBillboardTextActor3D*> TestHallText::labels(vtkRenderer* renderer)
{
  std::vector<vtkBillboardTextActor3D*> found;
  vtkPropCollection* props = renderer->GetViewProps();
  props->InitTraversal();
  while (vtkProp* prop = props->GetNextProp())
  {
    if (auto* label = vtkBillboardTextActor3D::SafeDownCast(prop))
    {
      found.push_back(label);
    }
  }
  return found;
}

QTEST_APPLESS_MAIN(TestHallText)
#include "test_hall_text.moc"
