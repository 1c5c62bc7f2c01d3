#pragma once
/**
 * @file netbox_client.h
 * Reading a NetBox inventory over its REST API (Qt Network): every endpoint of
 * netbox::importEndpoints(), page after page (GET /api/<endpoint>/?limit=N, then each answer's
 * `next`), with a timeout per request, retries with doubling back-off on timeouts, connection
 * errors and 5xx/429 answers, and a check that `next` never returns to a page already read.
 * The token goes in the Authorization header only ("Token KEY", or "Bearer KEY" for NetBox 4.5
 * v2 keys starting "nbt_"); no message ever contains it. Connections go through
 * myriad_connection (docs/security.md): TLS always verified (with FetchOptions::caBundle for an
 * internal CA), redirects only on the same host and never from https to http; a TLS failure or
 * a refused redirect is not retried.
 */

#include "myriad/engine/netbox/netbox.h"

#include "myriad/engine/error.h"

#include "endpoint.h"

#include <functional>
#include <string>

namespace myriad::netbox_client
{

/** The import was cancelled (FetchOptions::cancelled answered true). */
class Cancelled : public engine::Error
{
public:
  Cancelled()
    : engine::Error("the NetBox import was cancelled")
  {
  }
};

struct FetchOptions
{
  std::string baseUrl;  ///< "https://netbox.example.com" (the /api/ prefix is added)
  std::string token;    ///< API token; "" = anonymous (LOGIN_REQUIRED off)
  std::string caBundle; ///< PEM file of extra trusted CAs (an internal CA); "" = system CAs
  int timeoutMs = 30000;
  int retries = 3;
  int retryDelayMs = 500; ///< first back-off; doubles on each retry
  int pageLimit = 1000;
  /** Called after each page read: the endpoint and the page's number (1, 2, …). */
  std::function<void(const std::string&, int)> progress;
  /** Asked between requests and every 100 ms during one; true aborts it (throws Cancelled). */
  std::function<bool()> cancelled;
};

/** The connection::Endpoint these options describe for `baseUrl`. */
connection::Endpoint endpointFor(const std::string& baseUrl, const FetchOptions& options);

/**
 * Read the inventory. Throws engine::Error naming the endpoint and URL (never the token): a bad
 * URL, CA bundle or token (control characters), a TLS verification failure, HTTP
 * 401/403, a required endpoint answering 404, a timeout or failure after the retries, a page
 * loop, or a body that is not a NetBox list (LoadError from the engine's reader).
 */
engine::netbox::Inventory fetchInventory(const FetchOptions& options);

/** `source` read live when it starts with http:// or https://, else as a folder of saved API
 *  answers (engine::netbox::readInventoryFolder). */
engine::netbox::Inventory readInventory(const std::string& source, const FetchOptions& options);

} // namespace myriad::netbox_client
