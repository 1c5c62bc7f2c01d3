#include "properties_panel.h"

#include "property_editor.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace myriad::app
{

PropertiesPanel::PropertiesPanel(QWidget* parent)
  : QWidget(parent)
  , m_title(new QLabel(this))
  , m_table(new QTableWidget(0, 2, this))
{
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
  const auto properties = engine::describe(scene, ref, catalog);
  const QString kind = QString::fromUtf8(engine::toString(ref.kind));
  const QString id = QString::fromStdString(engine::idOf(scene, ref));
  m_title->setText(QStringLiteral("<b>%1</b> %2").arg(kind.toHtmlEscaped(), id.toHtmlEscaped()));

  m_propertyRows = static_cast<int>(properties.size());
  m_table->clearSpans(); // the extra block's heading spans both columns
  m_table->setRowCount(m_propertyRows);
  int row = 0;
  for (const auto& [name, value] : properties)
  {
    m_table->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(name)));
    auto* valueItem = new QTableWidgetItem(QString::fromStdString(value));
    valueItem->setToolTip(valueItem->text());
    m_table->setItem(row, 1, valueItem);
    ++row;
  }
  m_editor->setFields(engine::idOf(scene, ref), editableFields(scene, ref));
}

void PropertiesPanel::clear()
{
  m_title->setText(tr("Select an object in the view or the scene tree."));
  m_table->clearSpans();
  m_table->setRowCount(0);
  m_propertyRows = 0;
  m_editor->setFields({}, {});
}

void PropertiesPanel::setExtraRows(const QString& heading,
                                   const QList<QPair<QString, QString>>& rows, bool greyed)
{
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
