// TourPanel: the Tour dock's widgets (tour_panel.h).
#include "tour_panel.h"

#include <QButtonGroup>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace myriad::app
{

namespace
{

constexpr double kPresenterScale = 1.8;

QLabel* wrappedLabel(QWidget* parent, const QString& objectName)
{
  auto* label = new QLabel(parent);
  label->setObjectName(objectName);
  label->setWordWrap(true);
  label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  return label;
}

} // namespace

TourPanel::TourPanel(QWidget* parent)
  : QWidget(parent)
{
  setObjectName(QStringLiteral("tourPanel"));
  m_baseFontPoints = font().pointSize();
  auto* layout = new QVBoxLayout(this);
  m_tourTitle = wrappedLabel(this, QStringLiteral("tourTitle"));
  m_progress = wrappedLabel(this, QStringLiteral("tourProgress"));
  m_title = wrappedLabel(this, QStringLiteral("tourStepTitle"));
  QFont titleFont = m_title->font();
  titleFont.setBold(true);
  titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
  m_title->setFont(titleFont);
  m_text = new QTextBrowser(this);
  m_text->setObjectName(QStringLiteral("tourText"));
  m_text->setOpenLinks(false);
  m_blocked = wrappedLabel(this, QStringLiteral("tourBlocked"));
  m_blocked->setStyleSheet(QStringLiteral("color: #b00020;"));
  layout->addWidget(m_tourTitle);
  layout->addWidget(m_progress);
  layout->addWidget(m_title);
  layout->addWidget(m_text, 1);
  layout->addWidget(m_blocked);
  createQuestionBox();
  layout->addWidget(m_questionBox);
  m_verdict = wrappedLabel(this, QStringLiteral("tourVerdict"));
  m_score = wrappedLabel(this, QStringLiteral("tourScore"));
  layout->addWidget(m_verdict);
  layout->addWidget(m_score);
  layout->addWidget(createNavigation());
}

void TourPanel::createQuestionBox()
{
  m_questionBox = new QGroupBox(tr("Question"), this);
  m_questionBox->setObjectName(QStringLiteral("tourQuestion"));
  auto* box = new QVBoxLayout(m_questionBox);
  m_prompt = wrappedLabel(m_questionBox, QStringLiteral("tourPrompt"));
  box->addWidget(m_prompt);
  m_optionsLayout = new QVBoxLayout();
  box->addLayout(m_optionsLayout);
  m_options = new QButtonGroup(this);
  m_pickHint = wrappedLabel(m_questionBox, QStringLiteral("tourPickHint"));
  m_pickHint->setText(tr("Click your answer in the 3D view."));
  box->addWidget(m_pickHint);
  m_answer = new QPushButton(tr("&Answer"), m_questionBox);
  m_answer->setObjectName(QStringLiteral("tourAnswer"));
  box->addWidget(m_answer, 0, Qt::AlignLeft);
  connect(m_answer, &QPushButton::clicked, this,
          [this]
          {
            if (m_options->checkedId() >= 0)
            {
              emit optionAnswered(m_options->checkedId());
            }
          });
  connect(m_options, &QButtonGroup::idToggled, this,
          [this](int, bool) { m_answer->setEnabled(m_options->checkedId() >= 0); });
}

QWidget* TourPanel::createNavigation()
{
  auto* row = new QWidget(this);
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(0, 0, 0, 0);
  m_back = new QPushButton(tr("&Back"), row);
  m_back->setObjectName(QStringLiteral("tourBack"));
  m_back->setToolTip(tr("Previous step (Page Up)"));
  m_next = new QPushButton(tr("&Next"), row);
  m_next->setObjectName(QStringLiteral("tourNext"));
  m_next->setToolTip(tr("Next step (Page Down)"));
  m_restart = new QPushButton(tr("&Restart"), row);
  m_end = new QPushButton(tr("&End Tour"), row);
  m_end->setObjectName(QStringLiteral("tourEnd"));
  layout->addWidget(m_back);
  layout->addWidget(m_next);
  layout->addStretch(1);
  layout->addWidget(m_restart);
  layout->addWidget(m_end);
  connect(m_back, &QPushButton::clicked, this, &TourPanel::backRequested);
  connect(m_next, &QPushButton::clicked, this, &TourPanel::nextRequested);
  connect(m_restart, &QPushButton::clicked, this, &TourPanel::restartRequested);
  connect(m_end, &QPushButton::clicked, this, &TourPanel::endRequested);
  return row;
}

void TourPanel::clearOptions()
{
  for (QAbstractButton* button : m_options->buttons())
  {
    m_options->removeButton(button);
    delete button;
  }
}

void TourPanel::showStep(const StepView& view)
{
  m_tourTitle->setText(view.tourTitle);
  m_progress->setText(
    tr("Step %1 of %2").arg(QLocale().toString(view.index + 1), QLocale().toString(view.count)));
  m_title->setText(view.title);
  m_markdown = view.markdown;
  m_text->setMarkdown(view.markdown);
  m_blocked->setText(view.blockedMessage);
  m_blocked->setVisible(!view.blockedMessage.isEmpty());
  clearOptions();
  m_questionBox->setVisible(!view.questionPrompt.isEmpty());
  m_prompt->setText(view.questionPrompt);
  for (int i = 0; i < view.options.size(); ++i)
  {
    auto* option = new QRadioButton(view.options[i], m_questionBox);
    option->setObjectName(QStringLiteral("tourOption%1").arg(i));
    m_options->addButton(option, i);
    m_optionsLayout->addWidget(option);
  }
  m_pickHint->setVisible(view.pickQuestion);
  m_answer->setVisible(!view.options.isEmpty());
  m_answer->setEnabled(false);
  m_verdict->clear();
  m_back->setEnabled(view.canGoBack);
  m_next->setEnabled(view.canGoNext);
}

void TourPanel::setMarkdown(const QString& markdown)
{
  if (markdown != m_markdown)
  {
    m_markdown = markdown;
    m_text->setMarkdown(markdown);
  }
}

void TourPanel::showVerdict(bool correct, const QString& explanation)
{
  const QString verdict = correct ? tr("Right.") : tr("Not quite.");
  m_verdict->setText(explanation.isEmpty() ? verdict : tr("%1 %2").arg(verdict, explanation));
  m_verdict->setStyleSheet(correct ? QStringLiteral("color: #1b7f3b;")
                                   : QStringLiteral("color: #b00020;"));
}

void TourPanel::setScore(int correct, int answered, int questions)
{
  m_score->setVisible(questions > 0);
  m_score->setText(tr("Score: %1 right of %2 answered (%3 questions)")
                     .arg(QLocale().toString(correct), QLocale().toString(answered),
                          QLocale().toString(questions)));
}

void TourPanel::chooseOption(int index)
{
  if (QAbstractButton* option = m_options->button(index))
  {
    option->setChecked(true);
  }
}

void TourPanel::setPresenterMode(bool on)
{
  QFont base = font();
  const int points = m_baseFontPoints > 0 ? m_baseFontPoints : 10;
  base.setPointSizeF(on ? points * kPresenterScale : points);
  setFont(base);
  QFont titleFont = base;
  titleFont.setBold(true);
  titleFont.setPointSizeF(base.pointSizeF() * 1.3);
  m_title->setFont(titleFont);
}

} // namespace myriad::app
