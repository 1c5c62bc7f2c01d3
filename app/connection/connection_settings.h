#pragma once
/**
 * @file connection_settings.h
 * An endpoint's settings in QSettings under "connections/<name>/" (url, caBundle, auth,
 * username, keychainEntry): everything but the secret, which lives only in the OS keychain
 * (connection::readSecret) or in memory (docs/security.md).
 */

#include "endpoint.h"

#include <QString>

namespace myriad::app
{

/** The endpoint stored as `name` ("telemetry", "netbox"); a default one when none is. */
connection::Endpoint loadEndpoint(const QString& name);

/** Store `endpoint` as `name` (no secret: an Endpoint holds none). */
void saveEndpoint(const QString& name, const connection::Endpoint& endpoint);

} // namespace myriad::app
