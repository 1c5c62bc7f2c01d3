#pragma once
/**
 * @file netbox_apply.h
 * Sending an export (netbox-bulk.json, docs/netbox.md) to a NetBox through its REST API. It only
 * ever reads (GET) and creates (POST): nothing in NetBox is changed or deleted. Objects that
 * already exist, found by natural key (custom fields by name; manufacturers, roles, device types,
 * sites and locations by slug; racks, devices, interfaces and cables within the site), are kept
 * as they are and used as references. Without `commit` it is a dry run: the same reads, and the
 * counts of what would be created.
 */

#include "netbox_client.h"

#include <string>
#include <vector>

namespace myriad::netbox_client
{

struct ApplyOptions : FetchOptions
{
  bool commit = false; ///< false: dry run, nothing is created
  int batchSize = 500; ///< objects per bulk POST
};

/** Per object type: how many the export holds, found in NetBox, and created (or to create). */
struct ApplyLine
{
  std::string endpoint;
  int exported = 0, existing = 0, created = 0;
};

struct ApplyReport
{
  std::vector<ApplyLine> lines;
  bool committed = false;
};

/**
 * Apply `bulkJson` (the text of netbox-bulk.json) to the NetBox at options.baseUrl. Throws
 * engine::Error naming the endpoint and NetBox's answer (never the token) when a request fails;
 * what was created before the failure stays created, and the message says so.
 */
ApplyReport applyExport(const std::string& bulkJson, const ApplyOptions& options);

} // namespace myriad::netbox_client
