// The field table of recorded cables (fields.h): the cables an inventory import keeps per hall.
// Same rules as fields_tables.cpp.
#include "fields_table_rows.h"
#include "myriad/engine/fields.h"

#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace myriad::engine::fields
{

using namespace table_detail;

const std::vector<Field<RecordedCable>>& recordedCableFields()
{
  using C = RecordedCable;
  static const std::vector<Field<C>> table = {
    { .key = "id",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "Id"),
      .required = true,
      MYRIAD_TEXT(C, id) },
    { .key = "aDevice",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "A device"),
      .required = true,
      MYRIAD_TEXT(C, aDevice) },
    { .key = "aPort",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "A port"),
      .required = true,
      MYRIAD_TEXT(C, aPort) },
    { .key = "bDevice",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "B device"),
      .required = true,
      MYRIAD_TEXT(C, bDevice) },
    { .key = "bPort",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "B port"),
      .required = true,
      MYRIAD_TEXT(C, bPort) },
    { .key = "type",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "Cable type"),
      .omitDefault = true,
      MYRIAD_TEXT(C, type) },
    { .key = "lengthM",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "Recorded length"),
      .unit = "m",
      .minimum = 0,
      .maximum = 10000,
      .fallbackNumber = 0.0,
      .omitDefault = true,
      MYRIAD_NUMBER(C, lengthM) },
    { .key = "label",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "Label"),
      .omitDefault = true,
      MYRIAD_TEXT(C, label) },
  };
  return table;
}

#undef MYRIAD_NUMBER
#undef MYRIAD_INTEGER
#undef MYRIAD_TEXT
#undef MYRIAD_LIST
#undef MYRIAD_CHOICE

} // namespace myriad::engine::fields
