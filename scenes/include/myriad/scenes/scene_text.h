#pragma once
/**
 * @file scene_text.h
 * The words and the font of the 3D view's own text: row labels and the rack-power legend title.
 * The scene layer has no translations (no Qt here); the app injects them (app/shell/view_text.h)
 * and the CLI renderer keeps the English defaults.
 *
 * Fonts: VTK's built-in families (Arial, Courier, Times) cover Latin-1 only, so a label in
 * Chinese would draw as empty boxes. A text whose UTF-8 holds a code point above U+00FF is drawn
 * with `fontFile` (vtkTextProperty VTK_FONT_FILE) when one is given; Latin text keeps VTK's Arial,
 * so the English view looks as it always did. fontFileCovering() finds such a file through
 * fontconfig (Debian: fonts-droid-fallback or fonts-noto-cjk, scripts/install-deps.sh).
 */

#include <functional>
#include <string>

class vtkTextProperty;

namespace myriad::scenes
{

/** What the view writes, and with which font file where VTK's own fonts lack the glyphs. */
struct SceneText
{
  /** TrueType/OpenType file (face 0) for text beyond Latin-1; empty: none (boxes there). */
  std::string fontFile;
  /** Title of the legend when racks are coloured by power. */
  std::string rackPowerTitle = "Rack power (kW)";
  /** A row label's text from the row's name (its id when unnamed); unset: the name itself. */
  std::function<std::string(const std::string& rowName)> rowLabel;
};

/** True when the UTF-8 `text` holds a code point above U+00FF (VTK's fonts cannot draw it). */
bool needsFontFile(const std::string& text);

/**
 * Sets `property`'s font for drawing `text`: `fontFile` (VTK_FONT_FILE) when the text needs it
 * and a file is given, else VTK's Arial.
 */
void applySceneFont(vtkTextProperty* property, const std::string& text,
                    const std::string& fontFile);

/**
 * A font file of the system (fontconfig) whose face 0 draws every character of the UTF-8
 * `sample`, preferring the families fontconfig ranks best for `language` (e.g. "zh-cn");
 * faces of a collection other than its first are skipped (VTK opens face 0 only). Empty when
 * there is none.
 */
std::string fontFileCovering(const std::string& sample, const std::string& language);

} // namespace myriad::scenes
