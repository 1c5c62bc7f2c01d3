#pragma once
/**
 * @file training_module.h
 * The Training module (training mode): plays guided tours (docs/tours.md) for trainers and
 * learners. Training ▸ the bundled tours (samples/tours), Open Tour…, Next / Previous (Page Down /
 * Page Up, as a presentation clicker sends), Restart, End Tour, Presenter View (F5).
 *
 * A tour plays on a sandbox: the user's document (scene, file, unsaved changes) is kept aside
 * and the tour's scene opened in its place; when the tour ends — End Tour, opening another file,
 * closing the window — the user's document comes back exactly as it was. Autosave is suspended
 * meanwhile (its recovery file of the user's document stays).
 *
 * Each step flies the camera to its waypoint (CameraFlight, under a second, input stays live),
 * selects the objects it highlights (outlined in the view, listed in Properties), shows the docks,
 * thermal slice and fabric tiers it names, runs its edits once on the sandbox, and asks its
 * question: options in the Tour dock, or a pick in the 3D view (a click's object, or the rack or
 * server it sits in, is checked against the question's target).
 *
 * A step's action runs once, on the sandbox: "edits" through the EditController; "run-job" ticks
 * the tour's job file in the Traffic dock and runs it, "fail" takes the target switches out of
 * service there and runs again (once the fabric is computed); failures end with the tour.
 *
 * A tour with problems on its scene (checkTour) still opens; it stops at the first step with a
 * problem and shows the message naming file, step and field.
 */

#include "module.h"
#include "scene_document.h"

#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/tour/tour.h"

#include <QPointer>
#include <QRect>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QAction;
class QDockWidget;

namespace myriad::app
{

class CameraFlight;
class TourPanel;
class TourSession;

class TrainingModule final : public Module
{
  Q_OBJECT

public:
  TrainingModule();
  ~TrainingModule() override;
  QString id() const override { return QStringLiteral("training"); }
  void create(AppContext& context) override;
  void documentReplaced() override;
  void documentLeaving() override;
  void releaseGraphics() override;

  /** Tour files bundled with the program (samples/tours, every .json file), sorted by file name. */
  static QStringList bundledTours();

  /** Start the tour in `path` on a sandbox; false (error reported) when it cannot be played. */
  bool startTour(const QString& path);
  /** End the tour and put the user's document back. */
  void endTour();
  TourSession* session() const { return m_session.get(); }
  TourPanel* panel() const { return m_panel; }
  QDockWidget* dock() const { return m_dock; }
  CameraFlight* flight() const { return m_flight; }
  /** Ids the current step highlights, resolved in the sandbox scene. */
  const std::vector<std::string>& highlightedIds() const { return m_highlighted; }

  /** Full screen, editing hidden, the tour in a large caption panel (F5 toggles). */
  void setPresenting(bool on);
  bool presenting() const { return m_presenting; }

signals:
  /** Step `step` is shown (its camera may still be flying). */
  void stepShown(int step);
  /** The camera reached step `step`'s waypoint (at once for a step without one). */
  void cameraArrived(int step);
  void tourEnded();

private:
  void createActions();
  void createMenu();
  void updateActions();
  void showCurrentStep();
  void refreshPanel();
  /** The current step's text with its counts and model figures written in. */
  QString stepMarkdown() const;
  void applyCamera();
  /** The waypoint the current step flies to (see training_steps.cpp). */
  const engine::tour::Camera& waypointOfStep() const;
  /** The step has no waypoint: the camera stays where it is (and has arrived). */
  void stayPut();
  void applyHighlight();
  void applyShow();
  void applyAction();
  /** Show exactly the fabric tiers the step names, once the fabric is there. */
  void applyFabricTiers();
  /** "run-job" and "fail": through the Traffic dock (the job ticked, the switches failed). */
  void applyTrafficAction(const engine::tour::Action& action);
  /** Run the Traffic dock's jobs once the fabric is there. */
  void runPendingTraffic();
  void onSelectionChanged();
  /** The open document is the tour's scene now: check the tour there and mark the first stop. */
  void checkOnScene();
  /** Forget the tour without touching the document (the user replaced it). */
  void dropSession();
  /** Stop the session: flight, presenter view, highlights, the Traffic dock's failures. */
  void closeSession();
  /** After the session: autosave back on, the dock hidden, tourEnded(). */
  void finishTour();

  AppContext* m_context = nullptr;
  TourPanel* m_panel = nullptr;
  QDockWidget* m_dock = nullptr;
  CameraFlight* m_flight = nullptr;
  std::unique_ptr<TourSession> m_session;
  std::optional<SceneDocument::Snapshot> m_saved; ///< the user's document during a tour
  std::vector<std::string> m_highlighted;
  std::vector<bool> m_actionDone;
  std::vector<engine::fabric::Tier> m_pendingTiers;
  bool m_replacingDocument = false; ///< the module itself opens or restores a document
  bool m_applyingStep = false;      ///< selection changes are the step's, not the learner's
  bool m_presenting = false;
  int m_lastShownStep = -1;      ///< the step shown before the current one (−1: none yet)
  bool m_pendingTraffic = false; ///< a step's traffic run waits for the fabric
  bool m_failedSwitches = false; ///< the tour failed switches in the Traffic dock
  QByteArray m_windowState;
  bool m_wasFullScreen = false;
  bool m_wasMaximized = false;
  QRect m_normalGeometry; ///< the window's before presenter view
  QAction* m_next = nullptr;
  QAction* m_previous = nullptr;
  QAction* m_restart = nullptr;
  QAction* m_end = nullptr;
  QAction* m_presenter = nullptr;
  QAction* m_leavePresenter = nullptr;
  std::vector<QPointer<QAction>> m_escapeActions; ///< Esc actions resting in presenter view
};

} // namespace myriad::app
