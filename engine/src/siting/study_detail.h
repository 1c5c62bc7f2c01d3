#pragma once
/**
 * @file study_detail.h
 * Internal steps of evaluateSitingStudy (study.cpp) kept in study_links.cpp.
 */

#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/siting/study.h"

namespace myriad::engine::siting::detail
{

/**
 * One site's money, energy, carbon and water: `scene` (its halls) evaluated at the candidate's
 * reference site with the document's, the study's and the candidate's inputs and `bom` (the
 * fabric's); the job figures (replicas, step) are left to the caller.
 */
SiteShare evaluateSite(const SitingStudy& study, const SitingCandidate& c, const Scene& scene,
                       const economics::BomInput& bom, const Catalog& catalog);

/**
 * The option's totals over its sites, its DCI links (one for two sites, a ring for more) with
 * their money and carbon, and $/GPU-hour; no step figures.
 */
void addLinksAndMoney(const SitingStudy& study, SitingOption& option, const Catalog& catalog);

/**
 * The option's totals over its sites, its DCI links (one for two sites, a ring for more) with
 * their money and carbon, the step across sites (`steps`: one per site, ring figures filled
 * here) and its slowdown against `oneSiteStepS`, and $/GPU-hour.
 */
void addLinksAndTotals(const SitingStudy& study, SitingOption& option, const Catalog& catalog,
                       std::vector<CrossSiteStepInput> steps, double oneSiteStepS);

/** Feasible options sorted by the study's rankBy (ranks 1…), the Pareto flags; then the rest. */
void rankOptions(const SitingStudy& study, std::vector<SitingOption>& options);

} // namespace myriad::engine::siting::detail
