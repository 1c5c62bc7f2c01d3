/**
 * @file engine_text.cpp
 * The engine's words in the interface language (engine_text.h).
 */

#include "engine_text.h"

#include <QCoreApplication>

namespace myriad::app
{

QString translatedText(const engine::Text& text)
{
  if (text.empty())
  {
    return {};
  }
  std::vector<std::string> values = text.args;
  for (const engine::Text& part : text.parts)
  {
    values.push_back(translatedText(part).toStdString()); // a phrase translated on its own
  }
  // The engine's own substitution (text.h), on the translated pattern.
  return QString::fromStdString(engine::formatText(
    QCoreApplication::translate(engine::kEngineTextContext, text.pattern.c_str()).toStdString(),
    values));
}

QString violationMessage(const engine::live::Violation& violation)
{
  if (violation.text.empty())
  {
    return QString::fromStdString(violation.message);
  }
  const QString finding = translatedText(violation.text);
  if (violation.hint.empty())
  {
    return finding;
  }
  return QCoreApplication::translate("EngineText", "%1; fix: %2",
                                     "a finding of the models and how to fix it")
    .arg(finding, translatedText(violation.hint));
}

QString stageName(engine::live::Stage stage)
{
  using engine::live::Stage;
  switch (stage)
  {
    case Stage::Geometry:
      return QCoreApplication::translate("EngineText", "geometry",
                                         "live model: the scene's layout");
    case Stage::Fabric:
      return QCoreApplication::translate("EngineText", "fabric", "live model: cabling");
    case Stage::Power:
      return QCoreApplication::translate("EngineText", "power", "live model: power chain");
    case Stage::Economics:
      return QCoreApplication::translate("EngineText", "economics", "live model: cost");
    case Stage::Traffic:
      return QCoreApplication::translate("EngineText", "traffic", "live model: collectives");
    case Stage::Thermal:
      return QCoreApplication::translate("EngineText", "thermal", "live model: air temperatures");
  }
  return QString::fromUtf8(engine::live::toString(stage));
}

} // namespace myriad::app
