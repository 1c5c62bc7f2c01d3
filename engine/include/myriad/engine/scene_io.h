#pragma once
/**
 * @file scene_io.h
 * Reading and writing scene documents (JSON, schema version Scene::kSchemaVersion).
 *
 * The format is canonical: saving a loaded scene reproduces the file byte for byte when the
 * file was written by Myriad. Every read error names the file, the JSON path (RFC 6901 style,
 * e.g. "/site/halls/0/rows/2/racks/5/xM") and the expected form.
 */

#include "myriad/engine/model.h"

#include <cstdint>
#include <string>

namespace myriad::engine
{

class Catalog;

/**
 * The largest document file the readers accept (scenes, specs, edits, inputs, catalogs): the
 * largest built-in sample is 3 MB, so 64 MiB leaves room for halls twenty times larger while a
 * stray multi-gigabyte file is refused before it is read. Documents are also bounded in
 * elements while they are parsed (at most 1,000,000 per array and 4,000,000 values).
 */
inline constexpr std::uintmax_t kMaxDocumentBytes = std::uintmax_t(64) << 20;

/**
 * Parse a scene from JSON text (at most kMaxDocumentBytes). Part ids are checked against `catalog`.
 * With `validate`, physical errors found by validateScene() (overlapping racks, racks outside the
 * hall, overloaded feeds) are load errors too, naming the object's JSON path. Throws LoadError.
 */
Scene sceneFromJson(const std::string& text, const std::string& fileName, const Catalog& catalog,
                    bool validate = true);
/** Serialise a scene to canonical JSON text (tab indent, fixed key order, trailing newline). */
std::string sceneToJson(const Scene& scene);

/** Read a scene file. Throws LoadError naming the file on any failure. */
Scene loadScene(const std::string& path, const Catalog& catalog, bool validate = true);
/**
 * Write a scene atomically: to a temporary file beside `path`, flushed, then renamed over it,
 * so a failure never leaves a half-written document. Throws SaveError.
 */
void saveScene(const Scene& scene, const std::string& path);

/** Write any text file atomically (same guarantees as saveScene). Throws SaveError. */
void writeFileAtomically(const std::string& path, const std::string& contents);
/** Read a whole file; throws LoadError naming the file when it cannot be read or is larger
 *  than `maxBytes` (checked before reading: the message names the size and the limit). */
std::string readFile(const std::string& path, std::uintmax_t maxBytes = kMaxDocumentBytes);

} // namespace myriad::engine
