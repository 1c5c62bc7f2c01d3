#include "properties_panel.h"

#include "multi_selection_properties.h"
#include "property_editor.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace myriad::app
{

namespace
{

/**
 * A describe() value in the interface language: the "Type" row names the object kind; "Kind"
 * and "Cooling" hold a choice's spelling (rack and cooler kinds, cooling styles).
 */
QString propertyValue(const std::string& name, const std::string& value, engine::ObjectKind kind)
{
  if (name == "Type")
  {
    return kindWord(kind);
  }
  const QString text = QString::fromStdString(value);
  return name == "Kind" || name == "Cooling" ? choiceText(text) : text;
}

} // namespace

PropertiesPanel::PropertiesPanel(QWidget* parent)
  : QWidget(parent)
  , m_title(new QLabel(this))
  , m_kindChoice(new QComboBox(this))
  , m_table(new QTableWidget(0, 2, this))
{
  m_kindChoice->setObjectName(QStringLiteral("propertiesKindChoice"));
  m_kindChoice->setToolTip(tr("The selection holds several kinds of object: choose which to edit"));
  connect(m_kindChoice, &QComboBox::activated, this, &PropertiesPanel::showGroup);

  m_title->setObjectName(QStringLiteral("propertiesTitle"));
  m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_title->setWordWrap(true);
  m_title->setContentsMargins(4, 4, 4, 2);

  m_table->setObjectName(QStringLiteral("propertiesTable"));
  m_table->setHorizontalHeaderLabels({ tr("Property"), tr("Value") });
  m_table->verticalHeader()->setVisible(false);
  m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
  m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setAlternatingRowColors(true);
  m_table->setWordWrap(false);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(m_title);
  layout->addWidget(m_kindChoice);
  layout->addWidget(m_table);
  m_editor = new PropertyEditor(this);
  layout->addWidget(m_editor);
  clear();
}

void PropertiesPanel::showObject(const engine::Scene& scene, const engine::ObjectRef& ref,
                                 const engine::Catalog& catalog)
{
  if (!ref.valid())
  {
    clear();
    return;
  }
  m_multi = false;
  m_groups.clear();
  m_kindChoice->hide();
  const QString kind = kindWord(ref.kind);
  const QString id = QString::fromStdString(engine::idOf(scene, ref));
  m_title->setText(QStringLiteral("<b>%1</b> %2").arg(kind.toHtmlEscaped(), id.toHtmlEscaped()));
  std::vector<std::pair<QString, QString>> rows;
  for (const auto& [name, value] : engine::describe(scene, ref, catalog))
  {
    rows.emplace_back(fieldLabel(name), propertyValue(name, value, ref.kind));
  }
  if (ref.kind == engine::ObjectKind::Row && showRowRacks(scene, ref, catalog, rows))
  {
    return;
  }
  setRows(rows, {});
  m_editor->setFields(engine::idOf(scene, ref), editableFields(scene, ref));
}

bool PropertiesPanel::showRowRacks(const engine::Scene& scene, const engine::ObjectRef& row,
                                   const engine::Catalog& catalog,
                                   std::vector<std::pair<QString, QString>> rows)
{
  std::vector<engine::ObjectRef> racks;
  std::vector<std::string> ids;
  const auto& rowRacks = scene.site.halls.at(row.hall).rows.at(row.row).racks;
  for (int k = 0; k < static_cast<int>(rowRacks.size()); ++k)
  {
    racks.push_back({ engine::ObjectKind::Rack, row.hall, row.row, k });
    ids.push_back(rowRacks[k].id);
  }
  if (racks.empty())
  {
    return false;
  }
  const QList<int> headings{ static_cast<int>(rows.size()) };
  rows.emplace_back(tr("Its %1 (the form below sets them all)").arg(countText(groupByKind(racks))),
                    QString());
  for (const auto& [name, value] : selectionTotals(scene, racks, catalog))
  {
    rows.emplace_back(name, value);
  }
  setRows(rows, headings);
  m_editor->setFields(ids, commonFields(scene, racks));
  return true;
}

void PropertiesPanel::showSelection(const engine::Scene& scene,
                                    const std::vector<engine::ObjectRef>& refs,
                                    const engine::Catalog& catalog)
{
  std::vector<SelectionGroup> groups = groupByKind(refs);
  std::size_t count = 0;
  for (const SelectionGroup& group : groups)
  {
    count += group.refs.size();
  }
  if (count < 2)
  {
    showObject(scene, groups.empty() ? engine::ObjectRef{} : groups.front().refs.front(), catalog);
    return;
  }
  m_groups = std::move(groups);
  m_scene = &scene;
  m_catalog = &catalog;
  m_multi = true;
  // Keep editing the kind the user chose (the selection is shown again after every edit).
  std::vector<std::string> ids;
  for (const engine::ObjectRef& ref : refs)
  {
    ids.push_back(engine::idOf(scene, ref));
  }
  std::sort(ids.begin(), ids.end());
  const bool sameObjects = ids == m_chosenFor;
  int index = 0;
  m_kindChoice->clear();
  for (int i = 0; i < static_cast<int>(m_groups.size()); ++i)
  {
    // "Edit the 12 racks", "Edit the cooler".
    m_kindChoice->addItem(tr("Edit the %1")
                            .arg(m_groups[i].refs.size() == 1 ? kindWord(m_groups[i].kind)
                                                              : countText({ m_groups[i] })));
    index = sameObjects && m_groups[i].kind == m_chosenKind ? i : index;
  }
  m_chosenFor = std::move(ids);
  m_chosenKind = m_groups[index].kind;
  m_kindChoice->setCurrentIndex(index);
  m_kindChoice->setVisible(m_groups.size() > 1);
  showGroup(index);
}

void PropertiesPanel::showGroup(int index)
{
  if (!m_multi || index < 0 || index >= static_cast<int>(m_groups.size()))
  {
    return;
  }
  std::vector<engine::ObjectRef> all;
  for (const SelectionGroup& group : m_groups)
  {
    all.insert(all.end(), group.refs.begin(), group.refs.end());
  }
  m_title->setText(tr("<b>%1</b> selected").arg(countText(m_groups).toHtmlEscaped()));
  const SelectionGroup& edited = m_groups[index];
  m_chosenKind = edited.kind;
  std::vector<std::pair<QString, QString>> rows;
  QList<int> headings{ 0 };
  rows.emplace_back(tr("Selection totals"), QString());
  for (const auto& [name, value] : selectionTotals(*m_scene, all, *m_catalog))
  {
    rows.emplace_back(name, value);
  }
  headings << static_cast<int>(rows.size());
  rows.emplace_back(tr("Common to the %1").arg(countText({ edited })), QString());
  for (const auto& [name, value] : commonProperties(*m_scene, edited.refs, *m_catalog))
  {
    rows.emplace_back(fieldLabel(name), propertyValue(name, value, edited.kind));
  }
  setRows(rows, headings);
  std::vector<std::string> ids;
  for (const engine::ObjectRef& ref : edited.refs)
  {
    ids.push_back(engine::idOf(*m_scene, ref));
  }
  m_editor->setFields(ids, commonFields(*m_scene, edited.refs));
}

void PropertiesPanel::setRows(const std::vector<std::pair<QString, QString>>& rows,
                              const QList<int>& headings)
{
  m_propertyRows = static_cast<int>(rows.size());
  m_table->clearSpans(); // heading rows span both columns
  m_table->setRowCount(m_propertyRows);
  for (int row = 0; row < m_propertyRows; ++row)
  {
    auto* nameItem = new QTableWidgetItem(rows[row].first);
    auto* valueItem = new QTableWidgetItem(rows[row].second);
    valueItem->setToolTip(valueItem->text());
    m_table->setItem(row, 0, nameItem);
    m_table->setItem(row, 1, valueItem);
    if (headings.contains(row))
    {
      QFont bold = nameItem->font();
      bold.setBold(true);
      nameItem->setFont(bold);
      m_table->setSpan(row, 0, 1, 2);
    }
  }
}

void PropertiesPanel::clear()
{
  m_title->setText(tr("Select an object in the view or the scene tree."));
  m_table->clearSpans();
  m_table->setRowCount(0);
  m_propertyRows = 0;
  m_multi = false;
  m_groups.clear();
  m_kindChoice->hide();
  m_editor->setFields(std::vector<std::string>{}, {});
}

void PropertiesPanel::setExtraRows(const QString& heading,
                                   const QList<QPair<QString, QString>>& rows, bool greyed)
{
  if (m_multi)
  {
    return; // measured rows belong to one object, not to a multiple selection
  }
  m_table->clearSpans();
  m_table->setRowCount(m_propertyRows);
  if (heading.isEmpty() || m_propertyRows == 0)
    return; // nothing selected: no block either
  m_table->setRowCount(m_propertyRows + 1 + static_cast<int>(rows.size()));
  auto* title = new QTableWidgetItem(heading);
  QFont bold = title->font();
  bold.setBold(true);
  title->setFont(bold);
  title->setToolTip(heading);
  m_table->setItem(m_propertyRows, 0, title);
  m_table->setItem(m_propertyRows, 1, new QTableWidgetItem());
  m_table->setSpan(m_propertyRows, 0, 1, 2);
  int row = m_propertyRows + 1;
  const QBrush dim = palette().brush(QPalette::Disabled, QPalette::Text);
  for (const auto& [name, value] : rows)
  {
    auto* nameItem = new QTableWidgetItem(name);
    auto* valueItem = new QTableWidgetItem(value);
    valueItem->setToolTip(value);
    if (greyed)
    {
      nameItem->setForeground(dim);
      valueItem->setForeground(dim);
    }
    m_table->setItem(row, 0, nameItem);
    m_table->setItem(row, 1, valueItem);
    ++row;
  }
}

QString PropertiesPanel::plainText() const
{
  QStringList lines{ m_title->text() };
  for (int row = 0; row < m_table->rowCount(); ++row)
  {
    const QTableWidgetItem* name = m_table->item(row, 0);
    const QTableWidgetItem* value = m_table->item(row, 1);
    lines << QStringLiteral("%1: %2").arg(name ? name->text() : QString(),
                                          value ? value->text() : QString());
  }
  return lines.join(QLatin1Char('\n'));
}

} // namespace myriad::app
