#include "violations_panel.h"

#include "engine_text.h"

#include <QHeaderView>
#include <QLabel>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace myriad::app
{

namespace
{

constexpr int kObjectIdRole = Qt::UserRole + 1;

} // namespace

ViolationsPanel::ViolationsPanel(QWidget* parent)
  : QWidget(parent)
  , m_summary(new QLabel(this))
  , m_list(new QTreeWidget(this))
{
  m_summary->setObjectName(QStringLiteral("violationsSummary"));
  m_list->setObjectName(QStringLiteral("violationsList"));
  m_list->setColumnCount(ColumnCount);
  m_list->setHeaderLabels({ tr("Object"), tr("Model"), tr("Problem") });
  m_list->setRootIsDecorated(false);
  m_list->setUniformRowHeights(true);
  m_list->setAlternatingRowColors(true);
  m_list->setWordWrap(false);
  m_list->header()->setSectionResizeMode(ObjectColumn, QHeaderView::ResizeToContents);
  m_list->header()->setSectionResizeMode(ModelColumn, QHeaderView::ResizeToContents);
  m_list->header()->setStretchLastSection(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(m_summary);
  layout->addWidget(m_list);
  // A single click flies to the object: the dock is a to-do list, not a document.
  connect(m_list, &QTreeWidget::itemClicked, this,
          [this](QTreeWidgetItem* item) { onItemActivated(item); });
  connect(m_list, &QTreeWidget::itemActivated, this,
          [this](QTreeWidgetItem* item) { onItemActivated(item); });
  setViolations({});
}

void ViolationsPanel::setViolations(const std::vector<engine::live::Violation>& violations)
{
  std::vector<const engine::live::Violation*> sorted;
  sorted.reserve(violations.size());
  for (const auto& violation : violations)
  {
    sorted.push_back(&violation);
  }
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto* a, const auto* b) {
                     return a->severity == engine::Severity::Error &&
                            b->severity != engine::Severity::Error;
                   });
  const QIcon errorIcon = style()->standardIcon(QStyle::SP_MessageBoxCritical);
  const QIcon warningIcon = style()->standardIcon(QStyle::SP_MessageBoxWarning);
  int errors = 0;
  m_list->setUpdatesEnabled(false);
  m_list->clear();
  QList<QTreeWidgetItem*> items;
  for (const auto* violation : sorted)
  {
    const bool error = violation->severity == engine::Severity::Error;
    errors += error ? 1 : 0;
    auto* item = new QTreeWidgetItem;
    const QString id = QString::fromStdString(violation->objectId);
    item->setText(ObjectColumn, id.isEmpty() ? tr("(scene)") : id);
    item->setIcon(ObjectColumn, error ? errorIcon : warningIcon);
    item->setText(ModelColumn, stageName(violation->stage));
    item->setText(MessageColumn, violationMessage(*violation));
    item->setToolTip(MessageColumn, item->text(MessageColumn));
    item->setData(ObjectColumn, kObjectIdRole, id);
    items.append(item);
  }
  m_list->addTopLevelItems(items);
  m_list->setUpdatesEnabled(true);
  const int warnings = static_cast<int>(sorted.size()) - errors;
  m_summary->setText(sorted.empty() ? tr("No violations.")
                                    : tr("%1 errors · %2 warnings").arg(errors).arg(warnings));
}

int ViolationsPanel::count() const
{
  return m_list->topLevelItemCount();
}

QString ViolationsPanel::objectIdAt(int row) const
{
  const QTreeWidgetItem* item = m_list->topLevelItem(row);
  return item ? item->data(ObjectColumn, kObjectIdRole).toString() : QString();
}

QString ViolationsPanel::textAt(int row) const
{
  const QTreeWidgetItem* item = m_list->topLevelItem(row);
  return item ? item->text(ObjectColumn) + QStringLiteral(": ") + item->text(MessageColumn)
              : QString();
}

void ViolationsPanel::onItemActivated(QTreeWidgetItem* item)
{
  const QString id = item ? item->data(ObjectColumn, kObjectIdRole).toString() : QString();
  if (!id.isEmpty())
  {
    emit objectActivated(id);
  }
}

} // namespace myriad::app
