#pragma once
/**
 * @file sample_index.h
 * The list of built-in samples, samples/index.json, installed next to the sample scenes
 * (sample_locator.h): for each sample its id (the file <id>.json), a display name and a
 * one-sentence description per interface language. File ▸ Open Sample lists them.
 *
 * Form (unknown keys are errors; a language may be missing):
 *
 *     { "about": "…",                                    (optional)
 *       "samples": [ { "id": "lab-256",
 *                      "name": { "en": "Lab cluster · 256 GPUs", "zh_CN": "…" },
 *                      "description": { "en": "…", "zh_CN": "…" } }, … ] }
 *
 * The reader throws engine::LoadError naming the file, the JSON path ("/samples/2/name/zh_CN")
 * and the expected form. builtinSamples() never throws: a missing or broken index is logged
 * and the samples folder's scenes are listed by id.
 */

#include <QByteArray>
#include <QHash>
#include <QString>

#include <vector>

namespace myriad::app
{

/** File name of the index in a samples folder. */
inline constexpr const char* kSampleIndexFileName = "index.json";

/** One built-in sample as the index lists it. */
struct SampleEntry
{
  QString id;                           ///< the file name without ".json"
  QHash<QString, QString> names;        ///< language ("en", "zh_CN") → display name
  QHash<QString, QString> descriptions; ///< language → one-sentence description

  /** The name in `language`, else in English, else the id: never empty. */
  QString displayName(const QString& language) const;
  /** The description in `language`, else in English; empty when there is none. */
  QString description(const QString& language) const;
};

/**
 * Parse the text of an index. `fileName` is what errors name. Throws engine::LoadError on
 * invalid JSON, a missing or mistyped key, an unknown key, a bad or duplicate id.
 */
std::vector<SampleEntry> parseSampleIndex(const QByteArray& json, const QString& fileName);

/** Read and parse the index at `path`. Throws engine::LoadError (also when unreadable). */
std::vector<SampleEntry> readSampleIndex(const QString& path);

/** The index in the first folder of sampleSearchPath() that has one; empty when none does. */
QString findSampleIndex();

/**
 * The samples for File ▸ Open Sample, in the index's order, those whose scene file findSample()
 * finds. A missing or broken index logs a warning and gives every scene file (*.json but the
 * index) of the first samples folder that has some, by id, in alphabetical order.
 */
std::vector<SampleEntry> builtinSamples();

} // namespace myriad::app
