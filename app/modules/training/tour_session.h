#pragma once
/**
 * @file tour_session.h
 * One guided tour being played: the tour (engine::tour, docs/tours.md), the step shown, the
 * learner's answers and score, and the first step the app cannot play (a problem checkTour
 * found there, or an action this version does not run): the tour stops at that step with the
 * message naming the file, step and field.
 *
 * Score: a question counts once, by the learner's first answer; later tries still get their
 * right/wrong and the explanation.
 */

#include "myriad/engine/tour/tour.h"

#include <QObject>
#include <QString>

#include <map>
#include <optional>
#include <string>

namespace myriad::app
{

class TourSession : public QObject
{
  Q_OBJECT

public:
  /** The verdict on one answer. */
  struct Answer
  {
    bool correct = false;
    QString explanation;
  };

  /** `path`: the tour file (for messages and the folder of its job files). */
  TourSession(engine::tour::Tour tour, QString path, QString language, QObject* parent = nullptr);

  const engine::tour::Tour& tour() const { return m_tour; }
  const QString& path() const { return m_path; }
  const QString& language() const { return m_language; }
  /** `text` in the session's language (English when the Chinese is missing). */
  QString local(const engine::tour::LocalText& text) const;

  int stepCount() const { return static_cast<int>(m_tour.steps.size()); }
  int current() const { return m_current; }
  const engine::tour::Step& step() const { return m_tour.steps.at(m_current); }

  /**
   * The learner cannot go past `step`: `message` says why (file, step, field). Only the first
   * such step counts.
   */
  void blockAt(int step, const QString& message);
  /** The message of the current step when it is blocked, else empty. */
  QString blockedMessage() const;
  bool canGoNext() const;
  bool canGoBack() const { return m_current > 0; }

  /** Show step `index` (clamped into the tour; stops at a blocked step). */
  void goTo(int index);
  void next() { goTo(m_current + 1); }
  void back() { goTo(m_current - 1); }
  /** Back to the first step with the score cleared. */
  void restart();

  /** Answer the current step's option question by the option's index. */
  Answer answerOption(int option);
  /**
   * Answer the current step's pick question with the objects a click picked (the object and
   * the rack or node it sits in: a server stands for its rack when the answer is a rack).
   */
  Answer answerPick(const std::vector<std::string>& pickedIds, const engine::Scene& scene);

  int questionCount() const;
  int answeredCount() const { return static_cast<int>(m_firstAnswers.size()); }
  int correctCount() const;

signals:
  void stepChanged(int step);
  void scoreChanged();

private:
  Answer record(bool correct);

  engine::tour::Tour m_tour;
  QString m_path;
  QString m_language;
  int m_current = 0;
  std::optional<int> m_blockedStep;
  QString m_blockedMessage;
  std::map<int, bool> m_firstAnswers; ///< step → right at the first try
};

/** The step index a checkTour JSON path ("/steps/3/highlight/1") points into; none above. */
std::optional<int> stepOfJsonPath(const std::string& path);

} // namespace myriad::app
