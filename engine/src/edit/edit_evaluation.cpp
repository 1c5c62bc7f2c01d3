// The set-evaluation edit: replaces the document's evaluation context (Scene::evaluationJson:
// utilisation, site, energy price, finance) so that it is saved, undoable and the same for every
// model. The new context is checked in full (form, ranges, site known to the catalog) before the
// scene changes; the inverse restores the previous text exactly.
#include "edit/edit_internal.h"

#include "myriad/engine/economics/inputs.h"

#include <cstdio>

namespace myriad::engine::edit::detail
{

namespace
{

/** Inputs of `json` ("" = defaults); errors become EditErrors naming the edit and the field. */
economics::EconomicsInputs parseContext(const std::string& json, const Catalog& catalog)
{
  try
  {
    economics::EconomicsInputs inputs =
      json.empty() ? economics::EconomicsInputs{}
                   : economics::economicsInputsFromJson(json, "set-evaluation");
    economics::validateInputs(inputs, catalog);
    return inputs;
  }
  catch (const Error& error)
  {
    throw EditError(std::string("set-evaluation: ") + error.what());
  }
}

bool sameLoad(const economics::EconomicsInputs& a, const economics::EconomicsInputs& b)
{
  return a.utilisation == b.utilisation && a.utilisationByMonth == b.utilisationByMonth;
}

} // namespace

EditResult applySetEvaluation(Scene& scene, const Catalog& catalog, const SetEvaluation& edit)
{
  const economics::EconomicsInputs next = parseContext(edit.inputsJson, catalog);
  const economics::EconomicsInputs before = economics::documentInputs(scene);
  EditResult result;
  result.inverse = SetEvaluation{ scene.evaluationJson };
  // Canonical form: only what differs from the defaults, so equal contexts compare equal.
  scene.evaluationJson = economics::evaluationJsonFor(next);
  result.changes.add(DataKind::EconomicsInputs);
  if (!sameLoad(before, next))
  {
    result.changes.add(DataKind::LoadLevel);
  }
  return result;
}

std::string describeEvaluationEdit(const SetEvaluation& edit)
{
  try
  {
    const economics::EconomicsInputs inputs =
      edit.inputsJson.empty() ? economics::EconomicsInputs{}
                              : economics::economicsInputsFromJson(edit.inputsJson, "edit");
    char text[128];
    std::snprintf(text, sizeof text, "Evaluate at %.0f %% utilisation, site %s",
                  inputs.utilisation * 100, inputs.site.c_str());
    return text;
  }
  catch (const Error&)
  {
    return "Set the evaluation context";
  }
}

} // namespace myriad::engine::edit::detail
