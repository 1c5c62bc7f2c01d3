#include "multi_selection_properties.h"

#include "number_format.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/fields.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace myriad::app
{

using engine::ObjectKind;
using engine::ObjectRef;

namespace
{

/** The panel's translation context (free functions and a struct: no class MultiSelectionText::tr()
 * of their own). */
class MultiSelectionText
{
  Q_DECLARE_TR_FUNCTIONS(myriad::app::MultiSelection)
};

/** "coolers" with its count, in the interface language: one pattern per kind and number. */
QString kindCount(ObjectKind kind, int n)
{
  if (n == 1)
  {
    return MultiSelectionText::tr("1 %1").arg(kindWord(kind));
  }
  const QString count = formatInteger(n);
  switch (kind)
  {
    case ObjectKind::Site:
      return MultiSelectionText::tr("%1 sites").arg(count);
    case ObjectKind::Hall:
      return MultiSelectionText::tr("%1 halls").arg(count);
    case ObjectKind::Row:
      return MultiSelectionText::tr("%1 rows").arg(count);
    case ObjectKind::Rack:
      return MultiSelectionText::tr("%1 racks").arg(count);
    case ObjectKind::Node:
      return MultiSelectionText::tr("%1 nodes").arg(count);
    case ObjectKind::Gpu:
      return MultiSelectionText::tr("%1 GPUs").arg(count);
    case ObjectKind::Switch:
      return MultiSelectionText::tr("%1 switches").arg(count);
    case ObjectKind::Cooler:
      return MultiSelectionText::tr("%1 coolers").arg(count);
    case ObjectKind::Feed:
      return MultiSelectionText::tr("%1 feeds").arg(count);
    case ObjectKind::None:
      break;
  }
  return MultiSelectionText::tr("%1 objects").arg(count);
}

QString power(double watts)
{
  if (watts >= 1e6)
  {
    return withUnit(formatFixed(watts / 1e6, 3), QStringLiteral("MW"));
  }
  return withUnit(formatFixed(watts / 1e3, 1), QStringLiteral("kW"));
}

/** Totals over racks (selected directly or through their rows), each rack counted once. */
struct RackTotals
{
  std::set<std::tuple<int, int, int>> seen;
  std::map<std::string, int> byKind;
  int racks = 0;
  int nodes = 0;
  int gpus = 0;
  double maxPowerW = 0;
  double capW = 0;
  int uncapped = 0;

  void add(const engine::Scene& scene, int hall, int row, int rack, const engine::Catalog& catalog)
  {
    if (!seen.emplace(hall, row, rack).second)
    {
      return;
    }
    const engine::Rack& r = scene.site.halls[hall].rows[row].racks[rack];
    ++racks;
    ++byKind[engine::toString(r.kind)];
    nodes += static_cast<int>(r.nodes.size());
    for (const engine::Node& node : r.nodes)
    {
      gpus += static_cast<int>(node.gpus.size());
    }
    maxPowerW += engine::rackPowerW(r, catalog);
    capW += r.powerCapW;
    uncapped += r.powerCapW > 0 ? 0 : 1;
  }

  void appendRows(QList<QPair<QString, QString>>& rows) const
  {
    QString count = formatInteger(racks);
    if (byKind.size() > 1)
    {
      QStringList parts;
      for (const auto& [kind, n] : byKind)
      {
        parts << QStringLiteral("%1 %2").arg(formatInteger(n), QString::fromStdString(kind));
      }
      count += QStringLiteral(" (%1)").arg(parts.join(QStringLiteral(", ")));
    }
    rows << qMakePair(MultiSelectionText::tr("Racks"), count)
         << qMakePair(MultiSelectionText::tr("Nodes"), formatInteger(nodes))
         << qMakePair(MultiSelectionText::tr("GPUs"), formatInteger(gpus))
         << qMakePair(MultiSelectionText::tr("Max IT power (total)"), power(maxPowerW));
    QString caps = uncapped == racks ? MultiSelectionText::tr("unlimited") : power(capW);
    if (uncapped > 0 && uncapped < racks)
    {
      caps += MultiSelectionText::tr(" + %1 unlimited").arg(uncapped);
    }
    rows << qMakePair(MultiSelectionText::tr("Power cap (total)"), caps);
  }
};

/** Index of the field called `key` in `fields`, or −1. */
int findField(const std::vector<EditableField>& fields, const std::string& key)
{
  for (std::size_t i = 0; i < fields.size(); ++i)
  {
    if (fields[i].key == key)
    {
      return static_cast<int>(i);
    }
  }
  return -1;
}

} // namespace

QString kindWord(ObjectKind kind)
{
  switch (kind)
  {
    case ObjectKind::Site:
      return MultiSelectionText::tr("site");
    case ObjectKind::Hall:
      return MultiSelectionText::tr("hall");
    case ObjectKind::Row:
      return MultiSelectionText::tr("row");
    case ObjectKind::Rack:
      return MultiSelectionText::tr("rack");
    case ObjectKind::Node:
      return MultiSelectionText::tr("node");
    case ObjectKind::Gpu:
      return MultiSelectionText::tr("GPU");
    case ObjectKind::Switch:
      return MultiSelectionText::tr("switch");
    case ObjectKind::Cooler:
      return MultiSelectionText::tr("cooler");
    case ObjectKind::Feed:
      return MultiSelectionText::tr("feed");
    case ObjectKind::None:
      break;
  }
  return MultiSelectionText::tr("object");
}

QString fieldLabel(const std::string& englishLabel)
{
  // The engine marks its field and property names for lupdate in context "EngineField".
  return QCoreApplication::translate("EngineField", englishLabel.c_str());
}

QString mixedText()
{
  return MultiSelectionText::tr("(mixed)");
}

std::vector<SelectionGroup> groupByKind(const std::vector<ObjectRef>& refs)
{
  std::vector<SelectionGroup> groups;
  for (const ObjectRef& ref : refs)
  {
    if (!ref.valid())
    {
      continue;
    }
    auto group = std::find_if(groups.begin(), groups.end(),
                              [&](const SelectionGroup& g) { return g.kind == ref.kind; });
    if (group == groups.end())
    {
      groups.push_back({ ref.kind, {} });
      group = groups.end() - 1;
    }
    group->refs.push_back(ref);
  }
  std::stable_sort(groups.begin(), groups.end(),
                   [](const SelectionGroup& a, const SelectionGroup& b)
                   { return a.refs.size() > b.refs.size(); });
  return groups;
}

QString countText(const std::vector<SelectionGroup>& groups)
{
  QStringList parts;
  for (const SelectionGroup& group : groups)
  {
    parts << kindCount(group.kind, static_cast<int>(group.refs.size()));
  }
  return parts.join(QStringLiteral(", "));
}

QString countText(const engine::Scene& scene, const std::vector<std::string>& ids)
{
  std::vector<ObjectRef> refs;
  for (const std::string& id : ids)
  {
    if (const auto ref = engine::findById(scene, id))
    {
      refs.push_back(*ref);
    }
  }
  return countText(groupByKind(refs));
}

QList<QPair<QString, QString>> selectionTotals(const engine::Scene& scene,
                                               const std::vector<ObjectRef>& refs,
                                               const engine::Catalog& catalog)
{
  RackTotals racks;
  int coolers = 0;
  double coolingW = 0;
  int feeds = 0;
  double feedW = 0;
  for (const ObjectRef& ref : refs)
  {
    if (ref.hall < 0 || ref.hall >= static_cast<int>(scene.site.halls.size()))
    {
      continue;
    }
    const engine::Hall& hall = scene.site.halls[ref.hall];
    if (ref.kind == ObjectKind::Rack)
    {
      racks.add(scene, ref.hall, ref.row, ref.rack, catalog);
    }
    else if (ref.kind == ObjectKind::Row)
    {
      for (int k = 0; k < static_cast<int>(hall.rows[ref.row].racks.size()); ++k)
      {
        racks.add(scene, ref.hall, ref.row, k, catalog);
      }
    }
    else if (ref.kind == ObjectKind::Cooler)
    {
      ++coolers;
      coolingW += catalog.part(hall.coolers[ref.item].model).valueOr("capacityW", 0);
    }
    else if (ref.kind == ObjectKind::Feed)
    {
      ++feeds;
      feedW += hall.feeds[ref.item].capacityW;
    }
  }
  QList<QPair<QString, QString>> rows;
  if (racks.racks > 0)
  {
    racks.appendRows(rows);
  }
  if (coolers > 0)
  {
    rows << qMakePair(MultiSelectionText::tr("Cooling capacity (total)"), power(coolingW));
  }
  if (feeds > 0)
  {
    rows << qMakePair(MultiSelectionText::tr("Feed capacity (total)"), power(feedW));
  }
  return rows;
}

std::vector<std::pair<std::string, std::string>> commonProperties(
  const engine::Scene& scene, const std::vector<ObjectRef>& refs, const engine::Catalog& catalog)
{
  if (refs.empty())
  {
    return {};
  }
  auto common = engine::describe(scene, refs.front(), catalog);
  // Every id differs: the title already says how many are selected.
  std::erase_if(common, [](const auto& row) { return row.first == "Id"; });
  const std::string mixed = mixedText().toStdString();
  for (std::size_t i = 1; i < refs.size(); ++i)
  {
    const auto other = engine::describe(scene, refs[i], catalog);
    std::erase_if(common,
                  [&](auto& row)
                  {
                    const auto match =
                      std::find_if(other.begin(), other.end(),
                                   [&](const auto& o) { return o.first == row.first; });
                    if (match == other.end())
                    {
                      return true; // not a property of every selected object
                    }
                    if (match->second != row.second)
                    {
                      row.second = mixed;
                    }
                    return false;
                  });
  }
  return common;
}

std::vector<EditableField> commonFields(const engine::Scene& scene,
                                        const std::vector<ObjectRef>& refs)
{
  if (refs.empty())
  {
    return {};
  }
  std::vector<EditableField> common = editableFields(scene, refs.front());
  if (refs.size() > 1)
  {
    // Scene-wide fields (fields.h: switch placement) set the whole scene, not each object.
    const std::vector<engine::fields::FieldInfo> table =
      engine::fields::settableFields(refs.front().kind);
    std::erase_if(common,
                  [&](const EditableField& f)
                  {
                    return std::any_of(table.begin(), table.end(),
                                       [&](const engine::fields::FieldInfo& info)
                                       { return info.sceneWide && info.key == f.key; });
                  });
  }
  for (std::size_t i = 1; i < refs.size(); ++i)
  {
    const std::vector<EditableField> other = editableFields(scene, refs[i]);
    std::erase_if(common,
                  [&](EditableField& field)
                  {
                    const int k = findField(other, field.key);
                    if (k < 0 || other[k].choices != field.choices)
                    {
                      return true;
                    }
                    const bool differs = field.choices.isEmpty()
                                           ? other[k].number != field.number
                                           : other[k].current != field.current;
                    field.mixed = field.mixed || differs;
                    return false;
                  });
  }
  return common;
}

} // namespace myriad::app
