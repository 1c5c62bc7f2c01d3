#pragma once
/**
 * @file app_options.h
 * The command line of `myriad`:
 *
 *     myriad [FILE] [--benchmark-frames N] [--screenshot PNG] [--view top|isometric|aisle]
 *            [--color-by kind|power|cooling] [--size WxH] [--select ID]
 *            [--show fabric,thermal,traffic,telemetry,violations]
 *            [--tour TOUR.json [--tour-step N] [--presenter]
 *                              [--record DIR [--fps N] [--hold SECONDS]]]
 *            [--animate ring|hierarchical|all-to-all [--animate-gpus N] [--animate-at F]
 *                      [--animate-order rail|node]
 *                      [--record DIR [--fps N] [--hold SECONDS] [--animate-seconds S]]]
 *            [--sweep DIR [--sweep-scenario N] [--sweep-axes X,Y]] [--siting STUDY.json]
 *            [--version] [--help]
 *
 * Without FILE the built-in h100-superpod-10k sample opens.
 */

#include "myriad/scenes/hall_scene.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

namespace myriad::app
{

struct AppOptions
{
  QString file;            ///< scene to open; empty: the built-in sample
  int benchmarkFrames = 0; ///< >0: render this many frames, print the rate, quit
  QString screenshotPath;  ///< non-empty: save a PNG of the window and quit
  std::optional<scenes::CameraPreset> view;
  std::optional<scenes::ColorBy> colorBy;
  std::optional<QSize> windowSize; ///< fixed window size (screenshots, benchmarks)
  QString selectId;                ///< object to select after opening (rack, node, GPU id, ...)
  QStringList showDocks;           ///< docks to open at start ("fabric", "thermal", ...)
  QString tourPath;                ///< a guided tour to start (docs/tours.md)
  int tourStep = 1;                ///< the tour's step to show first (1-based)
  bool presenter = false;          ///< the tour in presenter view (full screen)
  QString recordDirectory;         ///< record the tour or animation as PNG frames (and MP4) here
  int recordFps = 25;              ///< frames per second of camera flight in a recording
  double recordHoldSeconds = 4;    ///< how long a recording shows each step after its flight
  bool benchmarkTour = false;      ///< time the tour's camera flights, print, quit
  /** Simulate this collective and show its animation ("ring", "hierarchical", "all-to-all");
   *  with --benchmark-frames the frames advance its time instead of turning the camera. */
  QString animate;
  int animateGpus = 0;                           ///< GPUs of the animated collective (0: every GPU)
  QString animateOrder = QStringLiteral("rail"); ///< ring order: "rail" or "node"
  double animateAt = 0.5;                        ///< fraction of the collective shown first (0–1)
  double animateSeconds = 10;   ///< a recorded animation's length for the whole collective
  QString sweepDirectory;       ///< a sweep folder to show in the Sweep dock (docs/sweeps.md)
  long long sweepScenario = -1; ///< ≥ 0: open this scenario of the sweep in 3D
  QString sweepAxes;            ///< "X,Y": the Pareto chart's KPI columns
  QString sitingStudy;          ///< a siting study to evaluate and show (docs/models/siting.md)
  QString sitesJob;             ///< a job preset to time across the scene's sites

  /** Nobody is at the window: the run benchmarks, takes a screenshot or records, then quits. */
  bool scripted() const
  {
    return benchmarkFrames > 0 || !screenshotPath.isEmpty() || !recordDirectory.isEmpty();
  }
};

/**
 * Parse the application's arguments (QCoreApplication must exist). Handles --help and --version
 * itself (prints and exits, like QCommandLineParser::process). On a bad value prints the error
 * and the usage to stderr and exits with status 2.
 */
AppOptions parseAppOptions(const QStringList& arguments);

/** Names --show accepts; the dock of name N has the object name "<N>Dock". */
QStringList showableDocks();

} // namespace myriad::app
