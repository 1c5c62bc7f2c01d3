// ViewModule: camera presets, colour-by and level of detail in the View menu and toolbar.
#include "view_module.h"

#include "app_context.h"
#include "hall_view_controller.h"
#include "ui_registry.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QToolBar>

namespace myriad::app
{

void ViewModule::create(AppContext& context)
{
  createPresetActions(context);
  createToolBar(context);
  followController(context);
}

void ViewModule::createPresetActions(AppContext& context)
{
  auto* presets = new QActionGroup(this);
  HallViewController* hallView = context.hallView;
  const auto makePreset = [&](const QString& id, const QString& text, const QString& tip, int key,
                              scenes::CameraPreset preset)
  {
    auto* action = new QAction(text, presets);
    action->setToolTip(tip);
    action->setCheckable(true);
    action->setChecked(preset == hallView->cameraPreset());
    action->setShortcut(QKeySequence(Qt::CTRL | key));
    connect(action, &QAction::triggered, hallView,
            [hallView, preset] { hallView->applyCameraPreset(preset); });
    context.ui->addAction(id, action);
    if (QMenu* menu = context.ui->menu(QStringLiteral("view.menu")))
    {
      menu->addAction(action);
    }
  };
  makePreset(QStringLiteral("view.top"), tr("&Top"), tr("Plan view of the hall from above"),
             Qt::Key_1, scenes::CameraPreset::Top);
  makePreset(QStringLiteral("view.isometric"), tr("&Isometric"),
             tr("Whole hall from a corner, 35° above the floor"), Qt::Key_2,
             scenes::CameraPreset::Isometric);
  makePreset(QStringLiteral("view.aisle"), tr("&Aisle walk"),
             tr("Eye height in the first cold aisle"), Qt::Key_3, scenes::CameraPreset::AisleWalk);
  if (QMenu* menu = context.ui->menu(QStringLiteral("view.menu")))
  {
    menu->addSeparator(); // the docks' show/hide actions follow
  }
}

void ViewModule::createToolBar(AppContext& context)
{
  QToolBar* bar = context.ui->addToolBar(QStringLiteral("view.toolbar"), tr("View"));
  bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  bar->addWidget(new QLabel(tr(" Camera: "), bar));
  for (const char* id : { "view.top", "view.isometric", "view.aisle" })
  {
    bar->addAction(context.ui->action(QString::fromLatin1(id)));
  }
  bar->addSeparator();

  m_colorBy = new QComboBox(bar);
  m_colorBy->setObjectName(QStringLiteral("colorByCombo"));
  m_colorBy->addItem(tr("Rack kind"), static_cast<int>(scenes::ColorBy::Kind));
  m_colorBy->addItem(tr("Power density"), static_cast<int>(scenes::ColorBy::PowerDensity));
  m_colorBy->addItem(tr("Cooling"), static_cast<int>(scenes::ColorBy::Cooling));
  m_colorBy->setToolTip(tr("Attribute that colours the racks"));
  bar->addWidget(new QLabel(tr(" Colour by: "), bar));
  bar->addWidget(m_colorBy);
  bar->addSeparator();

  m_detail = new QComboBox(bar);
  m_detail->setObjectName(QStringLiteral("detailCombo"));
  m_detail->addItem(tr("Auto"), -1);
  m_detail->addItem(tr("Racks"), static_cast<int>(scenes::DetailLevel::Racks));
  m_detail->addItem(tr("Servers"), static_cast<int>(scenes::DetailLevel::Nodes));
  m_detail->addItem(tr("GPUs"), static_cast<int>(scenes::DetailLevel::Gpus));
  m_detail->setToolTip(tr("Level of detail; Auto follows the camera distance"));
  bar->addWidget(new QLabel(tr(" Detail: "), bar));
  bar->addWidget(m_detail);

  HallViewController* hallView = context.hallView;
  connect(m_colorBy, &QComboBox::currentIndexChanged, this,
          [this, hallView] {
            hallView->setColorBy(static_cast<scenes::ColorBy>(m_colorBy->currentData().toInt()));
          });
  connect(m_detail, &QComboBox::currentIndexChanged, this,
          [this, hallView]
          {
            const int level = m_detail->currentData().toInt();
            hallView->setDetailLevel(
              level < 0 ? std::nullopt : std::optional(static_cast<scenes::DetailLevel>(level)));
          });
}

void ViewModule::followController(AppContext& context)
{
  HallViewController* hallView = context.hallView;
  UiRegistry* ui = context.ui;
  connect(hallView, &HallViewController::cameraPresetChanged, this,
          [ui](scenes::CameraPreset preset)
          {
            ui->action(QStringLiteral("view.top"))->setChecked(preset == scenes::CameraPreset::Top);
            ui->action(QStringLiteral("view.isometric"))
              ->setChecked(preset == scenes::CameraPreset::Isometric);
            ui->action(QStringLiteral("view.aisle"))
              ->setChecked(preset == scenes::CameraPreset::AisleWalk);
          });
  connect(hallView, &HallViewController::colorByChanged, this,
          [this](scenes::ColorBy colorBy)
          {
            const int index = m_colorBy->findData(static_cast<int>(colorBy));
            if (index >= 0 && index != m_colorBy->currentIndex())
            {
              m_colorBy->setCurrentIndex(index);
            }
          });
  const int overlayData = static_cast<int>(scenes::ColorBy::Overlay);
  connect(hallView, &HallViewController::overlayShown, this,
          [this, overlayData](const QString& title)
          {
            const QString label = tr("Overlay: %1").arg(title);
            int index = m_colorBy->findData(overlayData);
            if (index < 0)
            {
              m_colorBy->addItem(label, overlayData);
              index = m_colorBy->count() - 1;
            }
            m_colorBy->setItemText(index, label);
          });
  connect(hallView, &HallViewController::overlayCleared, this,
          [this, overlayData]
          {
            const int index = m_colorBy->findData(overlayData);
            if (index >= 0)
            {
              m_colorBy->removeItem(index);
            }
          });
  connect(hallView, &HallViewController::detailLevelChanged, this,
          [this](std::optional<scenes::DetailLevel> level)
          {
            const int index = m_detail->findData(level ? static_cast<int>(*level) : -1);
            if (index >= 0 && index != m_detail->currentIndex())
            {
              m_detail->setCurrentIndex(index);
            }
          });
}

} // namespace myriad::app
