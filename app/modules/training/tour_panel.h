#pragma once
/**
 * @file tour_panel.h
 * The Tour dock: the tour's title, "Step 3 of 8", the step's title and text (a Markdown subset,
 * counts already written from the scene), the step's question (options to choose, or "click
 * your answer in the 3D view"), the verdict with its explanation, the score, and Back / Next /
 * Restart / End Tour. In presenter mode every font is larger (read from the back of a room).
 */

#include <QWidget>

class QButtonGroup;
class QGroupBox;
class QLabel;
class QPushButton;
class QTextBrowser;
class QVBoxLayout;

namespace myriad::app
{

class TourPanel : public QWidget
{
  Q_OBJECT

public:
  explicit TourPanel(QWidget* parent = nullptr);

  /** What a step shows; `options` empty and `pickPrompt` true for a pick question. */
  struct StepView
  {
    QString tourTitle;
    int index = 0;
    int count = 0;
    QString title;
    QString markdown;
    QString blockedMessage; ///< the step cannot be played: this says why
    QString questionPrompt; ///< empty: no question
    QStringList options;
    bool pickQuestion = false;
    bool canGoBack = false;
    bool canGoNext = false;
  };
  void showStep(const StepView& view);
  void showVerdict(bool correct, const QString& explanation);
  /** Replace the step's text only (a model figure it quotes arrived); the rest stays. */
  void setMarkdown(const QString& markdown);
  void setScore(int correct, int answered, int questions);
  void setPresenterMode(bool on);

  QLabel* progressLabel() const { return m_progress; }
  QLabel* titleLabel() const { return m_title; }
  QTextBrowser* textView() const { return m_text; }
  QLabel* verdictLabel() const { return m_verdict; }
  QLabel* scoreLabel() const { return m_score; }
  QLabel* blockedLabel() const { return m_blocked; }
  QGroupBox* questionBox() const { return m_questionBox; }
  QPushButton* nextButton() const { return m_next; }
  QPushButton* backButton() const { return m_back; }
  QPushButton* answerButton() const { return m_answer; }
  /** Tick option `index` (as the learner would) without answering yet. */
  void chooseOption(int index);

signals:
  void backRequested();
  void nextRequested();
  void restartRequested();
  void endRequested();
  void optionAnswered(int option);

private:
  QWidget* createNavigation();
  void createQuestionBox();
  void clearOptions();

  QLabel* m_tourTitle = nullptr;
  QLabel* m_progress = nullptr;
  QLabel* m_title = nullptr;
  QTextBrowser* m_text = nullptr;
  QString m_markdown; ///< what m_text shows
  QLabel* m_blocked = nullptr;
  QGroupBox* m_questionBox = nullptr;
  QLabel* m_prompt = nullptr;
  QVBoxLayout* m_optionsLayout = nullptr;
  QButtonGroup* m_options = nullptr;
  QPushButton* m_answer = nullptr;
  QLabel* m_pickHint = nullptr;
  QLabel* m_verdict = nullptr;
  QLabel* m_score = nullptr;
  QPushButton* m_back = nullptr;
  QPushButton* m_next = nullptr;
  QPushButton* m_restart = nullptr;
  QPushButton* m_end = nullptr;
  int m_baseFontPoints = 0;
};

} // namespace myriad::app
