#pragma once
/**
 * @file tour_figures.h
 * Model figures a tour text may quote: "{{kpi pue}}" is the annual PUE the economics stage
 * computed for the scene the tour plays on, "{{kpi interruptionsPerDay}}" the reliability model's
 * interruptions per day, never a number typed into the tour (docs/tours.md, "Figures").
 *
 * A figure is a bare number; the unit is the tour writer's ("{{kpi capexMUSD}} million USD",
 * "{{kpi capexMUSD}} 百万美元"). Values come from the live models' results (live_models.h); the
 * app formats them with the interface locale, the CLI with a dot. A figure whose model has not
 * run (or failed) reads "…".
 */

#include "myriad/engine/live/live_models.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace myriad::engine::tour
{

struct Tour;

/** One figure a tour may quote. */
struct FigureSpec
{
  const char* name;    ///< as written in "{{kpi NAME}}"
  const char* meaning; ///< what it is and its unit, for docs and error messages
  int decimals;        ///< digits after the point when shown
  live::Stage stage;   ///< the live stage that computes it
  /** The value in results whose `stage` has run; nullopt when the model has no such figure. */
  std::optional<double> (*value)(const live::LiveResults& results);
};

/** Every figure a tour may quote, in the order docs/tours.md lists them. */
const std::vector<FigureSpec>& figureSpecs();
/** The figure called `name`; nullptr when there is none. */
const FigureSpec* findFigure(const std::string& name);

/** The value of figure `spec` in `results`; nullopt when its stage has not computed it. */
std::optional<double> figureValue(const FigureSpec& spec, const live::LiveResults& results);

/** Names of the figures the tour's texts quote (titles, texts, questions), each once. */
std::vector<std::string> figuresUsed(const Tour& tour);

/** The stages that compute `names` (run order, each once). */
std::vector<live::Stage> stagesForFigures(const std::vector<std::string>& names);

/**
 * Every figure of `results` written with a dot and the figure's decimals ("1.27"), for
 * renderText; figures not computed are left out (they read "…").
 */
std::map<std::string, std::string> plainFigures(const live::LiveResults& results);

} // namespace myriad::engine::tour
