#pragma once
/**
 * @file sample_locator.h
 * Where the built-in sample scenes live: $MYRIAD_SAMPLES_DIR, the source tree's samples/ (for
 * a build tree), the installed data folder (${datadir}/myriad/samples) and the same folder
 * relative to the executable (a relocated install).
 */

#include <QString>
#include <QStringList>

namespace myriad::app
{

/** Name of the sample opened when the app starts without a file. */
inline constexpr const char* kDefaultSampleName = "h100-superpod-10k";

/** Folders searched for samples, in order (existing or not). */
QStringList sampleSearchPath();

/** Absolute path of samples/<name>.json in the first folder that has it; empty if none. */
QString findSample(const QString& name);

/**
 * The training-job presets: samples/jobs/*.json of the first sample folder that has a jobs/
 * folder, sorted by name, as absolute paths; empty when none has one.
 */
QStringList jobPresetFiles();

} // namespace myriad::app
