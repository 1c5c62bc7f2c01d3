// CollectivePanel: request, player and phase legend of the Collective Animation dock.
#include "collective_panel.h"

#include "number_format.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace myriad::app
{

namespace
{

constexpr int kSliderSteps = 10000;

} // namespace

CollectivePanel::CollectivePanel(QWidget* parent)
  : QWidget(parent)
{
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(createRequestBox());
  layout->addWidget(createPlayerBox());
  layout->addWidget(createLegendBox());
  layout->addStretch(1);
  setPlayer(false, false);
}

QWidget* CollectivePanel::createRequestBox()
{
  auto* box = new QGroupBox(tr("Collective"), this);
  auto* form = new QFormLayout(box);
  m_kind = new QComboBox(box);
  m_kind->setObjectName(QStringLiteral("collectiveKind"));
  m_kind->addItem(tr("Ring all-reduce"), static_cast<int>(CollectiveKind::RingAllReduce));
  m_kind->addItem(tr("Hierarchical all-reduce (NVLink, then rails)"),
                  static_cast<int>(CollectiveKind::HierarchicalAllReduce));
  m_kind->addItem(tr("All-to-all (pairwise)"), static_cast<int>(CollectiveKind::AllToAll));
  // Long item texts must not widen the dock: the combo boxes elide instead.
  m_kind->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_kind->setMinimumContentsLength(14);
  form->addRow(tr("Algorithm:"), m_kind);
  m_gpus = new QSpinBox(box);
  m_gpus->setObjectName(QStringLiteral("collectiveGpus"));
  m_gpus->setRange(2, 2);
  m_gpus->setToolTip(tr("The GPUs of the first nodes take part (one GPU per compute NIC); the "
                        "hierarchical all-reduce takes whole nodes"));
  form->addRow(tr("GPUs:"), m_gpus);
  m_order = new QComboBox(box);
  m_order->setObjectName(QStringLiteral("collectiveOrder"));
  m_order->addItem(tr("Rail by rail"), static_cast<int>(engine::traffic::MemberOrder::Rail));
  m_order->addItem(tr("Node by node"), static_cast<int>(engine::traffic::MemberOrder::Node));
  m_order->setToolTip(tr("Ring order of the members. Rail by rail: rail 0 of every node, then "
                         "rail 1, …, so neighbours share a leaf (myriad-cli traffic --members "
                         "rail, the default). Node by node: neighbours sit on different rails "
                         "and every step crosses the spines (--members node)."));
  m_order->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_order->setMinimumContentsLength(10);
  form->addRow(tr("Ring order:"), m_order);
  m_sizeMB = new QDoubleSpinBox(box);
  m_sizeMB->setObjectName(QStringLiteral("collectiveSize"));
  m_sizeMB->setRange(0.001, 1e6);
  m_sizeMB->setDecimals(3);
  m_sizeMB->setValue(256);
  m_sizeMB->setSuffix(tr(" MB"));
  form->addRow(tr("Data per GPU:"), m_sizeMB);
  m_detail = new QComboBox(box);
  m_detail->setObjectName(QStringLiteral("collectiveDetail"));
  m_detail->addItem(tr("Automatic"), -1);
  m_detail->addItem(tr("Every flow"), static_cast<int>(engine::traffic::TimelineLevel::Flow));
  m_detail->addItem(tr("Node arrows"), static_cast<int>(engine::traffic::TimelineLevel::Node));
  m_detail->addItem(tr("Rack arrows"), static_cast<int>(engine::traffic::TimelineLevel::Rack));
  m_detail->addItem(tr("Rail arrows"), static_cast<int>(engine::traffic::TimelineLevel::Rail));
  m_detail->setToolTip(tr("Automatic: every flow up to %1 flows, rack arrows above")
                         .arg(formatInteger(static_cast<long long>(kAutoDetailFlows))));
  form->addRow(tr("Detail:"), m_detail);
  m_simulate = new QPushButton(tr("&Simulate"), box);
  m_simulate->setObjectName(QStringLiteral("collectiveSimulate"));
  form->addRow(m_simulate);
  m_summary = new QLabel(tr("Choose a collective and press Simulate."), box);
  m_summary->setObjectName(QStringLiteral("collectiveSummary"));
  m_summary->setWordWrap(true);
  form->addRow(m_summary);
  connect(m_simulate, &QPushButton::clicked, this, &CollectivePanel::simulateRequested);
  return box;
}

QWidget* CollectivePanel::createPlayerBox()
{
  auto* box = new QGroupBox(tr("Player"), this);
  auto* layout = new QVBoxLayout(box);
  auto* buttons = new QHBoxLayout;
  auto button = [&](QToolButton*& out, QStyle::StandardPixmap icon, const QString& tip,
                    const QKeySequence& key, const char* name)
  {
    out = new QToolButton(box);
    out->setObjectName(QString::fromLatin1(name));
    out->setIcon(style()->standardIcon(icon));
    out->setToolTip(tip + QStringLiteral(" (") + key.toString(QKeySequence::NativeText) +
                    QStringLiteral(")"));
    out->setShortcut(key);
    buttons->addWidget(out);
  };
  button(m_back, QStyle::SP_MediaSkipBackward, tr("Previous phase"), QKeySequence(Qt::Key_Comma),
         "collectiveBack");
  button(m_play, QStyle::SP_MediaPlay, tr("Play or pause"), QKeySequence(Qt::Key_Space),
         "collectivePlay");
  button(m_forward, QStyle::SP_MediaSkipForward, tr("Next phase"), QKeySequence(Qt::Key_Period),
         "collectiveForward");
  m_speed = new QComboBox(box);
  m_speed->setObjectName(QStringLiteral("collectiveSpeed"));
  m_speed->addItem(tr("1 phase in 4 s"), QPointF(4, 0));
  m_speed->addItem(tr("1 phase per second"), QPointF(1, 0));
  m_speed->addItem(tr("4 phases per second"), QPointF(0.25, 0));
  m_speed->addItem(tr("Whole collective in 10 s"), QPointF(0, 10));
  m_speed->addItem(tr("Whole collective in 60 s"), QPointF(0, 60));
  m_speed->setCurrentIndex(1);
  m_speed->setToolTip(tr("Simulated time is slowed down uniformly: within a phase, chunks keep "
                         "the ratio of their simulated rates"));
  m_speed->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_speed->setMinimumContentsLength(10);
  buttons->addWidget(m_speed, 1);
  layout->addLayout(buttons);
  m_slider = new QSlider(Qt::Horizontal, box);
  m_slider->setObjectName(QStringLiteral("collectiveSlider"));
  m_slider->setRange(0, kSliderSteps);
  layout->addWidget(m_slider);
  connect(m_play, &QToolButton::clicked, this, &CollectivePanel::playToggled);
  connect(m_back, &QToolButton::clicked, this, [this] { emit phaseStepRequested(-1); });
  connect(m_forward, &QToolButton::clicked, this, [this] { emit phaseStepRequested(1); });
  connect(m_slider, &QSlider::valueChanged, this,
          [this](int value)
          {
            if (!m_settingSlider)
            {
              emit seekRequested(static_cast<double>(value) / kSliderSteps);
            }
          });
  return box;
}

QWidget* CollectivePanel::createLegendBox()
{
  auto* box = new QGroupBox(tr("Phase"), this);
  auto* layout = new QVBoxLayout(box);
  auto* row = new QHBoxLayout;
  m_swatch = new QLabel(box);
  m_swatch->setFixedSize(16, 16);
  row->addWidget(m_swatch);
  m_phase = new QLabel(box);
  m_phase->setObjectName(QStringLiteral("collectivePhase"));
  m_phase->setWordWrap(true);
  row->addWidget(m_phase, 1);
  layout->addLayout(row);
  m_time = new QLabel(box);
  m_time->setObjectName(QStringLiteral("collectiveTime"));
  layout->addWidget(m_time);
  m_counts = new QLabel(box);
  m_counts->setObjectName(QStringLiteral("collectiveCounts"));
  m_counts->setWordWrap(true);
  layout->addWidget(m_counts);
  auto* key = new QLabel(
    tr("<span style='color:#ff8c1a'>■</span> reduce-scatter &nbsp; "
       "<span style='color:#1abfff'>■</span> all-gather &nbsp; "
       "<span style='color:#9e59f2'>■</span> all-to-all; lighter: inside a node (NVLink, not "
       "on a cable). A dot is a chunk of data on a cable that carries it: it crosses the cable "
       "as its flow's bytes go out, at the simulated rate."),
    box);
  key->setWordWrap(true);
  layout->addWidget(key);
  return box;
}

CollectiveRequest CollectivePanel::request() const
{
  CollectiveRequest r;
  r.kind = static_cast<CollectiveKind>(m_kind->currentData().toInt());
  r.gpus = m_gpus->value();
  r.order = static_cast<engine::traffic::MemberOrder>(m_order->currentData().toInt());
  r.bytes = m_sizeMB->value() * 1e6;
  const int level = m_detail->currentData().toInt();
  if (level >= 0)
  {
    r.level = static_cast<engine::traffic::TimelineLevel>(level);
  }
  return r;
}

void CollectivePanel::showRequest(const CollectiveRequest& request, int gpus)
{
  m_kind->setCurrentIndex(m_kind->findData(static_cast<int>(request.kind)));
  m_gpus->setValue(gpus);
  m_order->setCurrentIndex(m_order->findData(static_cast<int>(request.order)));
  m_sizeMB->setValue(request.bytes / 1e6);
  m_detail->setCurrentIndex(
    m_detail->findData(request.level ? static_cast<int>(*request.level) : -1));
}

void CollectivePanel::setGpuLimit(int gpus)
{
  const bool wasAll = m_gpus->value() == m_gpus->maximum();
  m_gpus->setRange(2, std::max(2, gpus));
  if (wasAll)
  {
    m_gpus->setValue(m_gpus->maximum());
  }
}

PlaySpeed CollectivePanel::speed() const
{
  const QPointF data = m_speed->currentData().toPointF();
  return { data.x(), data.y() };
}

void CollectivePanel::setSummary(const QString& text)
{
  m_summary->setText(text);
}

void CollectivePanel::setPlayer(bool loaded, bool playing)
{
  for (QWidget* w : std::initializer_list<QWidget*>{ m_back, m_play, m_forward, m_slider })
  {
    w->setEnabled(loaded);
  }
  m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  if (!loaded)
  {
    m_phase->setText(tr("No collective simulated."));
    m_time->clear();
    m_counts->clear();
    m_swatch->setStyleSheet(QString());
  }
}

void CollectivePanel::showTime(double t, double endS, int phase, int phaseCount,
                               const QString& phaseName, const QColor& phaseColor,
                               const QString& counts)
{
  m_settingSlider = true;
  m_slider->setValue(endS > 0 ? static_cast<int>(std::lround(kSliderSteps * t / endS)) : 0);
  m_settingSlider = false;
  m_phase->setText(
    phase >= 0
      ? tr("Phase %1 of %2: %3").arg(formatInteger(phase + 1), formatInteger(phaseCount), phaseName)
      : (t >= endS ? tr("Done: every phase has run.") : tr("Before the first phase.")));
  m_swatch->setStyleSheet(phase >= 0 ? QStringLiteral("background:%1").arg(phaseColor.name())
                                     : QString());
  m_time->setText(tr("t = %1 ms of %2 ms (simulated)")
                    .arg(formatSignificant(t * 1e3, 4), formatSignificant(endS * 1e3, 4)));
  m_counts->setText(counts);
}

} // namespace myriad::app
