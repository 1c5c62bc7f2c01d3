// TourSession: the state of a tour being played (tour_session.h).
#include "tour_session.h"

#include <algorithm>
#include <charconv>
#include <utility>

namespace myriad::app
{

namespace tour = engine::tour;

TourSession::TourSession(tour::Tour tour, QString path, QString language, QObject* parent)
  : QObject(parent)
  , m_tour(std::move(tour))
  , m_path(std::move(path))
  , m_language(std::move(language))
{
}

QString TourSession::local(const tour::LocalText& text) const
{
  return QString::fromStdString(text.in(m_language.toStdString()));
}

void TourSession::blockAt(int step, const QString& message)
{
  if (!m_blockedStep || step < *m_blockedStep)
  {
    m_blockedStep = std::clamp(step, 0, stepCount() - 1);
    m_blockedMessage = message;
  }
}

QString TourSession::blockedMessage() const
{
  return m_blockedStep && *m_blockedStep == m_current ? m_blockedMessage : QString();
}

bool TourSession::canGoNext() const
{
  return m_current + 1 < stepCount() && !(m_blockedStep && *m_blockedStep <= m_current);
}

void TourSession::goTo(int index)
{
  int target = std::clamp(index, 0, stepCount() - 1);
  if (m_blockedStep)
  {
    target = std::min(target, *m_blockedStep);
  }
  m_current = target;
  emit stepChanged(m_current);
}

void TourSession::restart()
{
  m_firstAnswers.clear();
  emit scoreChanged();
  goTo(0);
}

TourSession::Answer TourSession::answerOption(int option)
{
  const auto& question = step().question;
  if (!question || question->options.empty())
  {
    return {};
  }
  const auto& right = question->correctOptions;
  return record(std::find(right.begin(), right.end(), option) != right.end());
}

TourSession::Answer TourSession::answerPick(const std::vector<std::string>& pickedIds,
                                            const engine::Scene& scene)
{
  const auto& question = step().question;
  if (!question || !question->pick)
  {
    return {};
  }
  const std::vector<std::string> rightIds = tour::resolveTarget(scene, m_tour, *question->pick);
  const bool correct = std::any_of(
    pickedIds.begin(), pickedIds.end(),
    [&](const std::string& id)
    { return !id.empty() && std::find(rightIds.begin(), rightIds.end(), id) != rightIds.end(); });
  return record(correct);
}

TourSession::Answer TourSession::record(bool correct)
{
  if (m_firstAnswers.emplace(m_current, correct).second)
  {
    emit scoreChanged();
  }
  return Answer{ correct, local(step().question->explanation) };
}

int TourSession::questionCount() const
{
  return static_cast<int>(std::count_if(m_tour.steps.begin(), m_tour.steps.end(),
                                        [](const tour::Step& s)
                                        { return s.question.has_value(); }));
}

int TourSession::correctCount() const
{
  return static_cast<int>(std::count_if(m_firstAnswers.begin(), m_firstAnswers.end(),
                                        [](const auto& entry) { return entry.second; }));
}

std::optional<int> stepOfJsonPath(const std::string& path)
{
  const std::string prefix = "/steps/";
  if (path.rfind(prefix, 0) != 0)
  {
    return std::nullopt;
  }
  int index = 0;
  const char* begin = path.data() + prefix.size();
  const auto [end, error] = std::from_chars(begin, path.data() + path.size(), index);
  if (error != std::errc() || end == begin)
  {
    return std::nullopt;
  }
  return index;
}

} // namespace myriad::app
