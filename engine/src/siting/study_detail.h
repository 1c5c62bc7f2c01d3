#pragma once
/**
 * @file study_detail.h
 * Internal steps of evaluateSitingStudy (study.cpp) kept in study_links.cpp.
 */

#include "myriad/engine/siting/study.h"

namespace myriad::engine::siting::detail
{

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
