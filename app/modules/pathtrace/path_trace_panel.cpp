// PathTracePanel: ends, hop list, summary and failure buttons of the Path Trace dock.
#include "path_trace_panel.h"

#include "number_format.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace myriad::app
{

namespace tr = engine::traffic;

namespace
{

QWidget* endRow(QLineEdit*& edit, QPushButton*& pick, const char* name, QWidget* parent)
{
  auto* row = new QWidget(parent);
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(0, 0, 0, 0);
  edit = new QLineEdit(row);
  edit->setObjectName(QString::fromLatin1(name));
  edit->setPlaceholderText(PathTracePanel::tr("GPU id, e.g. H1-R01-K01-N1-G0"));
  pick = new QPushButton(PathTracePanel::tr("Selected GPU"), row);
  pick->setToolTip(PathTracePanel::tr("Take the GPU selected in the 3D view or the scene tree"));
  layout->addWidget(edit, 1);
  layout->addWidget(pick);
  return row;
}

QTableWidgetItem* cell(const QString& text, bool number = false)
{
  auto* item = new QTableWidgetItem(text);
  item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
  if (number)
  {
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  }
  return item;
}

} // namespace

PathTracePanel::PathTracePanel(QWidget* parent)
  : QWidget(parent)
{
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  QPushButton* pickFrom = nullptr;
  QPushButton* pickTo = nullptr;
  form->addRow(tr("From:"), endRow(m_from, pickFrom, "pathFrom", this));
  form->addRow(tr("To:"), endRow(m_to, pickTo, "pathTo", this));
  layout->addLayout(form);
  auto* trace = new QPushButton(tr("&Trace"), this);
  trace->setObjectName(QStringLiteral("pathTraceButton"));
  layout->addWidget(trace);
  m_summary = new QLabel(tr("Choose two GPUs and press Trace."), this);
  m_summary->setObjectName(QStringLiteral("pathSummary"));
  m_summary->setWordWrap(true);
  layout->addWidget(m_summary);
  m_hops = new QTableWidget(0, 10, this);
  m_hops->setObjectName(QStringLiteral("pathHops"));
  m_hops->setHorizontalHeaderLabels({ tr("#"), tr("From"), tr("Port"), tr("To"), tr("Port"),
                                      tr("Tier"), tr("Rate"), tr("Cable"), tr("Utilisation"),
                                      tr("Latency") });
  m_hops->verticalHeader()->hide();
  m_hops->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_hops->setSelectionMode(QAbstractItemView::SingleSelection);
  m_hops->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  layout->addWidget(m_hops, 1);
  auto* buttons = new QHBoxLayout;
  m_failSwitch = new QPushButton(tr("Fail Its &Switch"), this);
  m_failSwitch->setObjectName(QStringLiteral("pathFailSwitch"));
  m_failSwitch->setToolTip(tr("Take the switch the chosen hop arrives at out of service"));
  m_failCable = new QPushButton(tr("Fail Its &Cable"), this);
  m_failCable->setObjectName(QStringLiteral("pathFailCable"));
  m_failCable->setToolTip(tr("Take the chosen hop's cable out of service"));
  auto* restore = new QPushButton(tr("&Restore All"), this);
  restore->setObjectName(QStringLiteral("pathRestore"));
  buttons->addWidget(m_failSwitch);
  buttons->addWidget(m_failCable);
  buttons->addWidget(restore);
  layout->addLayout(buttons);
  m_failures = new QLabel(this);
  m_failures->setObjectName(QStringLiteral("pathFailures"));
  m_failures->setWordWrap(true);
  layout->addWidget(m_failures);
  setFailures(QString());
  connect(trace, &QPushButton::clicked, this, &PathTracePanel::traceRequested);
  connect(m_from, &QLineEdit::returnPressed, this, &PathTracePanel::traceRequested);
  connect(m_to, &QLineEdit::returnPressed, this, &PathTracePanel::traceRequested);
  connect(pickFrom, &QPushButton::clicked, this, [this] { emit useSelectionRequested(false); });
  connect(pickTo, &QPushButton::clicked, this, [this] { emit useSelectionRequested(true); });
  connect(m_failSwitch, &QPushButton::clicked, this,
          [this] { emit failSwitchRequested(currentHop()); });
  connect(m_failCable, &QPushButton::clicked, this,
          [this] { emit failCableRequested(currentHop()); });
  connect(restore, &QPushButton::clicked, this, &PathTracePanel::restoreRequested);
}

QString PathTracePanel::fromId() const
{
  return m_from->text().trimmed();
}
QString PathTracePanel::toId() const
{
  return m_to->text().trimmed();
}

void PathTracePanel::setEndpoints(const QString& from, const QString& to)
{
  m_from->setText(from);
  m_to->setText(to);
}

int PathTracePanel::currentHop() const
{
  return m_hops->currentRow();
}

void PathTracePanel::showTrace(const tr::PathTrace& trace, const engine::fabric::FabricGraph& graph,
                               bool withUtilisation)
{
  m_hops->setRowCount(static_cast<int>(trace.hops.size()));
  double ser = 0, prop = 0, sw = 0;
  QStringList missing;
  for (int i = 0; i < static_cast<int>(trace.hops.size()); ++i)
  {
    const tr::PathHop& h = trace.hops[static_cast<std::size_t>(i)];
    m_hops->setItem(i, 0, cell(formatInteger(i + 1), true));
    m_hops->setItem(i, 1, cell(QString::fromStdString(graph.device(h.from).id)));
    m_hops->setItem(i, 2, cell(formatInteger(h.fromPort), true));
    m_hops->setItem(i, 3, cell(QString::fromStdString(graph.device(h.to).id)));
    m_hops->setItem(i, 4, cell(formatInteger(h.toPort), true));
    m_hops->setItem(i, 5, cell(QString::fromLatin1(engine::fabric::toString(h.tier))));
    m_hops->setItem(i, 6, cell(withUnit(formatFixed(h.rateBps / 1e9, 0), tr("Gb/s")), true));
    m_hops->setItem(
      i, 7,
      cell(h.cabled ? withUnit(formatFixed(h.cableM, 1), tr("m")) : tr("none (same rack)"), true));
    m_hops->setItem(i, 8,
                    cell(std::isfinite(h.utilisation)
                           ? withUnit(formatFixed(100 * h.utilisation, 0), QStringLiteral("%"))
                           : tr("no run"),
                         true));
    m_hops->setItem(i, 9, cell(withUnit(formatFixed(h.latencyNs, 0), tr("ns")), true));
    ser += h.serializationNs;
    prop += h.propagationNs;
    sw += h.switchNs;
    if (!h.missingFigures.empty())
    {
      missing << QString::fromStdString(h.missingFigures);
    }
  }
  QString text = tr("%1 → %2: %3 hops, %4 equal-cost paths (%9 drawn). Latency %5 µs one way for "
                    "one 4096-byte packet "
                    "without queueing: serialisation %6 ns, cables %7 ns, switches %8 ns.")
                   .arg(QString::fromStdString(graph.device(trace.devices.front()).id),
                        QString::fromStdString(graph.device(trace.devices.back()).id),
                        formatInteger(static_cast<long long>(trace.hops.size())),
                        formatFixed(trace.pathCount, 0), formatFixed(trace.latencyNs / 1e3, 3),
                        formatFixed(ser, 0), formatFixed(prop, 0), formatFixed(sw, 0))
                   .arg(formatInteger(static_cast<long long>(trace.paths.size())));
  if (trace.rerouted)
  {
    text += QLatin1Char(' ') +
            tr("Re-routed: the failures moved this flow off its usual path (%1 equal-cost paths "
               "with nothing failed).")
              .arg(formatFixed(trace.pathsWithoutFailures, 0));
  }
  if (!withUtilisation)
  {
    text += QLatin1Char(' ') + tr("Run a job in the Traffic dock to see each hop's utilisation.");
  }
  if (!missing.isEmpty())
  {
    text += QLatin1Char(' ') +
            tr("Left out, no catalog figure: %1.").arg(missing.join(QStringLiteral(", ")));
  }
  m_summary->setText(text);
  m_hops->setCurrentCell(-1, -1);
}

void PathTracePanel::clearTrace(const QString& why)
{
  m_hops->setRowCount(0);
  m_summary->setText(why);
}

void PathTracePanel::setFailures(const QString& text)
{
  m_failures->setText(text.isEmpty() ? tr("Nothing out of service.") : text);
}

} // namespace myriad::app
