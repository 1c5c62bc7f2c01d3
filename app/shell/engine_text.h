#pragma once
/**
 * @file engine_text.h
 * The engine's words in the interface language: its message patterns (engine/text.h: validation
 * findings, design-check hints), the violations built from them, and the live models' names.
 * Patterns are translated in context "EngineText" (lupdate reads the engine's MYRIAD_TR_NOOP
 * marks, docs/i18n.md); a pattern without a translation reads in English, never empty.
 */

#include "myriad/engine/live/live_models.h"
#include "myriad/engine/text.h"

#include <QString>

namespace myriad::app
{

/** `text`'s pattern translated, with its arguments in (%1 … %9). Empty text: "". */
QString translatedText(const engine::Text& text);

/** A violation's message translated: the finding, and "; fix: " and the hint when there is one. */
QString violationMessage(const engine::live::Violation& violation);

/** A live model's name in the interface language ("geometry" → 几何). */
QString stageName(engine::live::Stage stage);

} // namespace myriad::app
