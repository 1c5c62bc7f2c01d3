#pragma once
/**
 * @file secret_input.h
 * Secrets for the command line, never as an argument (every user of the machine can read
 * arguments in `ps`): from an environment variable, or from a file — a path, or a file
 * descriptor the caller opened as /dev/fd/N (`--token-file /dev/fd/3 3<token.txt`).
 */

#include <QByteArray>
#include <QString>

namespace myriad::connection
{

/** The secret in environment variable `name`. On error (unset, empty, a control character)
 *  returns {} and sets `error` to a message naming the variable, never its value. */
QByteArray secretFromEnvironment(const QString& name, QString* error);

/** The secret in file `path`: its content without one trailing newline (or CR LF). On error
 *  (unreadable, empty, over 64 KiB, a control character inside) returns {} and sets `error`
 *  naming the file, never its content. */
QByteArray secretFromFile(const QString& path, QString* error);

} // namespace myriad::connection
