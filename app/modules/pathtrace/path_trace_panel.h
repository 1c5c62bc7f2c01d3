#pragma once
/**
 * @file path_trace_panel.h
 * The Path Trace dock's widget: the two ends (GPU, NIC or switch ids, or the selected GPU), the
 * hop list (device, port, tier, rate, cable, utilisation of the last traffic run, latency), the
 * summary and the failure buttons. It holds no model: PathTraceModule fills it.
 */

#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/traffic/path_trace.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace myriad::app
{

class PathTracePanel final : public QWidget
{
  Q_OBJECT

public:
  explicit PathTracePanel(QWidget* parent = nullptr);

  QString fromId() const;
  QString toId() const;
  void setEndpoints(const QString& from, const QString& to);
  /** The hop row chosen in the list (−1: none). */
  int currentHop() const;

  void showTrace(const engine::traffic::PathTrace& trace, const engine::fabric::FabricGraph& graph,
                 bool withUtilisation);
  /** No trace: the reason in the summary, the list emptied. */
  void clearTrace(const QString& why);
  /** What is out of service, one line. */
  void setFailures(const QString& text);

signals:
  void traceRequested();
  /** Take the selected GPU as the start (`to` false) or the end (`to` true). */
  void useSelectionRequested(bool to);
  void failSwitchRequested(int hop);
  void failCableRequested(int hop);
  void restoreRequested();

private:
  QLineEdit* m_from = nullptr;
  QLineEdit* m_to = nullptr;
  QLabel* m_summary = nullptr;
  QTableWidget* m_hops = nullptr;
  QPushButton* m_failSwitch = nullptr;
  QPushButton* m_failCable = nullptr;
  QLabel* m_failures = nullptr;
};

} // namespace myriad::app
