/**
 * @file telemetry_panel_diagnostics.cpp
 * The Telemetry dock's "Import problems" list: every diagnostic of the last import (file, line,
 * field, what was wrong and what happened to the reading), so a bad file is explained in the
 * dock and not only in a passing status-bar line. Hidden while there is nothing to list.
 */
#include "telemetry_panel.h"

#include "myriad/engine/telemetry/snapshot.h"

#include <QColor>
#include <QGroupBox>
#include <QHeaderView>
#include <QLocale>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace tel = myriad::engine::telemetry;

namespace myriad::app
{

namespace
{

/** Rows listed per import; the rest is counted in one closing row (a garbage file can give
 *  a diagnostic per line). */
constexpr int kMaxDiagnosticRows = 500;

enum Column
{
  SeverityColumn,
  FileColumn,
  LineColumn,
  FieldColumn,
  MessageColumn
};

} // namespace

QWidget* TelemetryPanel::createDiagnosticsBox()
{
  auto* box = new QGroupBox(tr("Import problems"));
  box->setObjectName(QStringLiteral("telemetryDiagnosticsBox"));
  auto* layout = new QVBoxLayout(box);
  m_diagnostics = new QTreeWidget;
  m_diagnostics->setObjectName(QStringLiteral("telemetryDiagnostics"));
  m_diagnostics->setHeaderLabels(
    { tr("Severity"), tr("File"), tr("Line"), tr("Field"), tr("Problem") });
  m_diagnostics->setRootIsDecorated(false);
  m_diagnostics->setUniformRowHeights(true);
  m_diagnostics->setMinimumHeight(140);
  m_diagnostics->setWordWrap(true);
  m_diagnostics->header()->setStretchLastSection(true);
  m_diagnostics->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  layout->addWidget(m_diagnostics);
  m_diagnosticsBox = box;
  box->hide();
  return box;
}

void TelemetryPanel::clearDiagnostics()
{
  m_diagnostics->clear();
  m_diagnosticsBox->hide();
}

void TelemetryPanel::addDiagnosticRow(bool error, const QString& file, int line,
                                      const QString& field, const QString& message)
{
  auto* item = new QTreeWidgetItem(m_diagnostics);
  item->setText(SeverityColumn, error ? tr("Error") : tr("Warning"));
  item->setText(FileColumn, file);
  item->setText(LineColumn, line > 0 ? QLocale().toString(line) : QString());
  item->setText(FieldColumn, field);
  item->setText(MessageColumn, message);
  item->setToolTip(MessageColumn, message);
  if (error)
    item->setForeground(SeverityColumn, QColor(0xb0, 0x00, 0x20));
  m_diagnosticsBox->show();
}

void TelemetryPanel::listDiagnostics(const tel::Snapshot& snapshot)
{
  std::size_t unlisted = snapshot.suppressedDiagnostics;
  for (const tel::Diagnostic& d : snapshot.diagnostics)
  {
    if (m_diagnostics->topLevelItemCount() >= kMaxDiagnosticRows)
    {
      ++unlisted;
      continue;
    }
    addDiagnosticRow(d.severity == tel::Severity::Error, QString::fromStdString(d.file), d.line,
                     QString::fromStdString(d.field), QString::fromStdString(d.message));
  }
  if (unlisted > 0)
    addDiagnosticRow(
      false, QString::fromStdString(snapshot.fileName), 0, QString(),
      tr("%1 more problems not listed").arg(QLocale().toString(qulonglong(unlisted))));
}

QStringList TelemetryPanel::diagnosticTexts() const
{
  QStringList out;
  for (int i = 0; i < m_diagnostics->topLevelItemCount(); ++i)
  {
    const QTreeWidgetItem* item = m_diagnostics->topLevelItem(i);
    const QString line = item->text(LineColumn);
    const QString field = item->text(FieldColumn);
    out << item->text(FileColumn) + (line.isEmpty() ? QString() : QLatin1Char(':') + line) +
             QStringLiteral(": ") + (field.isEmpty() ? QString() : field + QStringLiteral(": ")) +
             item->text(MessageColumn);
  }
  return out;
}

} // namespace myriad::app
