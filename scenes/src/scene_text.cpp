/**
 * @file scene_text.cpp
 * Fonts of the 3D view's text (scene_text.h): when a text needs a font file, and finding one
 * with fontconfig.
 */

#include "myriad/scenes/scene_text.h"

#include <fontconfig/fontconfig.h>
#include <vtkTextProperty.h>

#include <memory>
#include <vector>

namespace myriad::scenes
{

namespace
{

/** The code points of a UTF-8 string (malformed bytes are read as themselves). */
std::vector<FcChar32> codePoints(const std::string& utf8)
{
  std::vector<FcChar32> points;
  const auto* bytes = reinterpret_cast<const FcChar8*>(utf8.data());
  int left = static_cast<int>(utf8.size());
  while (left > 0)
  {
    FcChar32 point = 0;
    const int used = FcUtf8ToUcs4(bytes, &point, left);
    if (used <= 0)
    {
      point = *bytes;
    }
    points.push_back(point);
    const int step = used > 0 ? used : 1;
    bytes += step;
    left -= step;
  }
  return points;
}

struct PatternDeleter
{
  void operator()(FcPattern* p) const { FcPatternDestroy(p); }
};
struct FontSetDeleter
{
  void operator()(FcFontSet* s) const { FcFontSetDestroy(s); }
};

/** The file of `font` when its face 0 covers every point; empty otherwise. */
std::string coveringFile(FcPattern* font, const std::vector<FcChar32>& points)
{
  int index = 0;
  FcChar8* file = nullptr;
  FcCharSet* charset = nullptr;
  if (FcPatternGetString(font, FC_FILE, 0, &file) != FcResultMatch ||
      FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) != FcResultMatch)
  {
    return {};
  }
  if (FcPatternGetInteger(font, FC_INDEX, 0, &index) == FcResultMatch && index != 0)
  {
    return {}; // a later face of a .ttc: VTK would open face 0, another family
  }
  for (const FcChar32 point : points)
  {
    if (!FcCharSetHasChar(charset, point))
    {
      return {};
    }
  }
  return reinterpret_cast<const char*>(file);
}

} // namespace

bool needsFontFile(const std::string& text)
{
  for (const FcChar32 point : codePoints(text))
  {
    if (point > 0xFF)
    {
      return true;
    }
  }
  return false;
}

void applySceneFont(vtkTextProperty* property, const std::string& text, const std::string& fontFile)
{
  if (!fontFile.empty() && needsFontFile(text))
  {
    property->SetFontFamily(VTK_FONT_FILE);
    property->SetFontFile(fontFile.c_str());
    return;
  }
  property->SetFontFamilyToArial();
}

std::string fontFileCovering(const std::string& sample, const std::string& language)
{
  FcConfig* config = FcConfigGetCurrent(); // initialises fontconfig on first use
  if (!config)
  {
    return {};
  }
  std::unique_ptr<FcPattern, PatternDeleter> pattern(FcPatternCreate());
  FcPatternAddString(pattern.get(), FC_FAMILY, reinterpret_cast<const FcChar8*>("sans-serif"));
  if (!language.empty())
  {
    FcPatternAddString(pattern.get(), FC_LANG, reinterpret_cast<const FcChar8*>(language.c_str()));
  }
  FcConfigSubstitute(config, pattern.get(), FcMatchPattern);
  FcDefaultSubstitute(pattern.get());
  FcResult result = FcResultNoMatch;
  std::unique_ptr<FcFontSet, FontSetDeleter> fonts(
    FcFontSort(config, pattern.get(), FcFalse, nullptr, &result));
  if (!fonts)
  {
    return {};
  }
  const std::vector<FcChar32> points = codePoints(sample);
  for (int i = 0; i < fonts->nfont; ++i)
  {
    std::string file = coveringFile(fonts->fonts[i], points);
    if (!file.empty())
    {
      return file;
    }
  }
  return {};
}

} // namespace myriad::scenes
