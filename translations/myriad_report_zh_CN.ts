<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ReportAppendix</name>
    <message>
        <location filename="../tools/report/report_pages_appendix.cpp" line="+23"/>
        <source>%1%2 %</source>
        <comment>sign, relative change in percent</comment>
        <translation>%1%2%</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Scenario &quot;%1&quot; against the base</source>
        <translation>方案“%1”与基准对比</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Indicator</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Base</source>
        <translation>基准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change %</source>
        <translation>变化 %</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Layout differences of scenario &quot;%1&quot;</source>
        <translation>方案“%1”的布局差异</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+166"/>
        <source>, </source>
        <comment>list separator</comment>
        <translation>、</translation>
    </message>
    <message numerus="yes">
        <location line="-164"/>
        <source>%1 … (%n in all)</source>
        <translation>
            <numerusform>%1 …（共 %n 个）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No layout changes (inputs only).</source>
        <translation>布局无变化（仅修改输入）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Racks added</source>
        <translation>新增机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks removed</source>
        <translation>移除机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks changed</source>
        <translation>修改机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Coolers added</source>
        <translation>新增制冷单元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Coolers removed</source>
        <translation>移除制冷单元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Coolers changed</source>
        <translation>修改制冷单元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Feeds added</source>
        <translation>新增供电回路</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Feeds removed</source>
        <translation>移除供电回路</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Feeds changed</source>
        <translation>修改供电回路</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (%2): %3</source>
        <comment>what changed (how many): which</comment>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Scenarios</source>
        <translation>方案</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Each scenario of the scene applied to the base (its edits and inputs), evaluated with the same assumptions otherwise.</source>
        <translation>将场景中的每个方案（其编辑与输入）应用于基准，其余假设保持不变进行评估。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Scenario</source>
        <translation>方案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>IT peak</source>
        <translation>IT 峰值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CAPEX</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>TCO</source>
        <translation>总拥有成本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1/GPU-h</source>
        <comment>currency per GPU-hour</comment>
        <translation>%1/GPU·时</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>base</source>
        <comment>the scene without a scenario</comment>
        <translation>基准</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not evaluated</source>
        <translation>未评估</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>could not be evaluated: %1</source>
        <translation>无法评估：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>• %1: %2</source>
        <comment>scenario: description</comment>
        <translation>• %1：%2</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantity</source>
        <translation>数量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Unit price</source>
        <translation>单价</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1/W</source>
        <comment>price per watt</comment>
        <translation>%1/W</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 [estimate]</source>
        <translation>%1［估算值］</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Total CAPEX</source>
        <translation>资本支出合计</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Appendix: unit prices behind CAPEX</source>
        <translation>附录：资本支出所依据的单价</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unit prices include the hardware price factor %1.</source>
        <translation>单价已计入硬件价格系数 %1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Estimates the figures rest on</source>
        <translation>数据所依据的估算值</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>• %1 [estimate]</source>
        <translation>• %1［估算值］</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>… %n more in the JSON export (myriad-cli report --json).</source>
        <translation>
            <numerusform>… 另有 %n 条，见 JSON 导出（myriad-cli report --json）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Missing figures (shown as missing, never as zero): %1</source>
        <translation>缺失数据（标为缺失，从不按零计）：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The 3D snapshot of the hall is left out: %1</source>
        <translation>未包含机房的 3D 快照：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The 3D snapshot on page 2 is the hall from the isometric camera, racks coloured by kind.</source>
        <translation>第 2 页的 3D 快照为等轴测视角下的机房，机柜按类型着色。</translation>
    </message>
</context>
<context>
    <name>ReportCharts</name>
    <message>
        <location filename="../tools/report/report_charts.cpp" line="+268"/>
        <source>base %1</source>
        <comment>the tornado&apos;s base value</comment>
        <translation>基准 %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>peak load</source>
        <translation>峰值负载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rating</source>
        <translation>额定容量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>load above rating</source>
        <translation>超出额定容量的负载</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1 / %2 %3</source>
        <comment>load / rating unit</comment>
        <translation>%1 / %2 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2)</source>
        <comment>loads (share of the rating)</comment>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>ReportFigures</name>
    <message>
        <location filename="../tools/report/report_assumptions.cpp" line="+90"/>
        <location line="+20"/>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>US dollars (USD), nominal</source>
        <translation>美元（USD），名义值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all prices in the catalog</source>
        <translation>目录中的全部价格</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 at %2 per USD</source>
        <comment>currency, its rate</comment>
        <translation>%1，汇率 %2/美元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 at %2 per USD, %3</source>
        <comment>currency, its rate, the rate&apos;s date</comment>
        <translation>%1，汇率 %2/美元（%3）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the scene&apos;s own rate (site.exchangeRate)</source>
        <translation>场景自定汇率（site.exchangeRate）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 [estimate]</source>
        <translation>%1［估算值］</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1; every figure is computed in USD and converted at this rate</source>
        <translation>%1；所有数据均以美元计算，并按此汇率换算</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>economics inputs</source>
        <translation>经济性输入</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Utilisation (mean IT load)</source>
        <translation>利用率（平均 IT 负载）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (monthly values given)</source>
        <translation>%1（已给出逐月数值）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>economics inputs (default 80 %)</source>
        <translation>经济性输入（默认 80%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Energy price</source>
        <translation>电价</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 per kWh</source>
        <translation>%1/kWh</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Site (climate, grid)</source>
        <translation>站点（气候、电网）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TCO horizon</source>
        <translation>总拥有成本测算期</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n years</source>
        <translation>
            <numerusform>%n 年</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discount rate</source>
        <translation>折现率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 per year</source>
        <translation>每年 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Asset lives (straight line)</source>
        <translation>资产寿命（直线法）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT %1 years, facility %2 years</source>
        <translation>IT %1 年，设施 %2 年</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Residual value after %n years</source>
        <translation>
            <numerusform>%n 年后的残值</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>book value: IT %1, facility %2 of cost</source>
        <translation>账面价值：IT 为成本的 %1，设施为成本的 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>straight-line depreciation (docs/models/economics.md)</source>
        <translation>直线法折旧（docs/models/economics.md）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Availability (hours sold)</source>
        <translation>可用性（售出时长）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hardware price factor</source>
        <translation>硬件价格系数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 × catalog prices</source>
        <translation>%1 × 目录价格</translation>
    </message>
</context>
<context>
    <name>ReportPages</name>
    <message>
        <location filename="../tools/report/report_pages.cpp" line="+47"/>
        <location filename="../tools/report/report_pages_siting.cpp" line="+91"/>
        <source>GPUs</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks</source>
        <translation>机柜数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT power, peak nameplate</source>
        <translation>IT 功率，铭牌峰值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT power, mean at %1 utilisation</source>
        <translation>IT 功率，%1 利用率下的均值</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../tools/report/report_pages_cooling.cpp" line="+87"/>
        <source>Facility power, mean</source>
        <translation>设施功率，均值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PUE (annual)</source>
        <translation>PUE（年均）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../tools/report/report_pages_cooling.cpp" line="+22"/>
        <location filename="../tools/report/report_pages_siting.cpp" line="+1"/>
        <source>CAPEX</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../tools/report/report_pages_cooling.cpp" line="+3"/>
        <source>OPEX per year</source>
        <translation>年运营支出</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>TCO (present value, %n years)</source>
        <translation>
            <numerusform>总拥有成本（现值，%n 年）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+123"/>
        <location filename="../tools/report/report_pages_cooling.cpp" line="+3"/>
        <source>Cost per GPU-hour</source>
        <translation>每GPU小时成本</translation>
    </message>
    <message>
        <location line="-122"/>
        <source>Cost per goodput GPU-hour</source>
        <translation>每有效GPU小时成本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Facility energy per year</source>
        <translation>年设施能耗</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../tools/report/report_pages_cooling.cpp" line="-13"/>
        <source>Carbon per year</source>
        <translation>年碳排放</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Goodput (checkpoint/restart)</source>
        <translation>有效训练时间比（检查点/重启）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Liquid loop without compressor</source>
        <translation>液冷回路无压缩机运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of %2 h at %3 °C water</source>
        <translation>%3 °C 供水：%2 小时中 %1 小时</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+1"/>
        <location filename="../tools/report/report_pages_cooling.cpp" line="-30"/>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="-1"/>
        <location line="+1"/>
        <location line="+19"/>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Assumption</source>
        <translation>假设</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Total cost of ownership, reconciled</source>
        <translation>总拥有成本（TCO）核对</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The TCO cannot be given: a price is missing (see the appendix).</source>
        <translation>无法给出总拥有成本：缺少价格（见附录）。</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Present value over %n years at a %1 discount rate: CAPEX is paid at the start, OPEX at the end of each year, and the book value left after %n years (straight-line depreciation) is recovered at the end.</source>
        <translation>
            <numerusform>按 %1 折现率计算 %n 年现值：资本支出在期初支付，运营支出在每年年末支付，%n 年后剩余的账面价值（直线法折旧）在期末收回。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+41"/>
        <location line="+35"/>
        <source>Basis</source>
        <translation>依据</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CAPEX (year 0)</source>
        <translation>资本支出（第 0 年）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>sum of the CAPEX categories below</source>
        <translation>下列资本支出类别之和</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>+ OPEX, discounted</source>
        <translation>+ 运营支出（折现）</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%1 a year for %n years (%2 undiscounted)</source>
        <translation>
            <numerusform>每年 %1，共 %n 年（未折现 %2）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>- Residual value, discounted</source>
        <translation>- 残值（折现）</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>book value %1 after %n years, paid back at the end</source>
        <translation>
            <numerusform>%n 年后账面价值 %1，于期末收回</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>= TCO (present value)</source>
        <translation>= 总拥有成本（现值）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Annualised TCO</source>
        <translation>年化总拥有成本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TCO × capital recovery factor</source>
        <translation>总拥有成本 × 资本回收系数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>annualised TCO / (%1 GPUs × %2 h × %3 availability)</source>
        <translation>年化总拥有成本 /（%1 块 GPU × %2 h × %3 可用性）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>OPEX by category (per year)</source>
        <translation>按类别的运营支出（每年）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per year</source>
        <translation>每年</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 × %2/kWh</source>
        <comment>energy basis × price per kWh</comment>
        <translation>%1 × %2/kWh</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>* rests on an estimated figure (listed in the appendix).</source>
        <translation>* 基于估算值（列于附录）。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The hall</source>
        <translation>机房</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Myriad executive report</source>
        <translation>Myriad 管理层报告</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · evaluated at %2 utilisation · site %3</source>
        <translation>%1 · 按 %2 利用率评估 · 站点 %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Executive summary</source>
        <translation>执行摘要</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Key figures</source>
        <translation>关键指标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>CAPEX by category (%1)</source>
        <translation>按类别的资本支出（%1）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Energy, power and sensitivity</source>
        <translation>能耗、功率与敏感性</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>J F M A M J J A S O N D</source>
        <comment>initials of the months, January to December</comment>
        <translation>1月 2月 3月 4月 5月 6月 7月 8月 9月 10月 11月 12月</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Facility energy by month (%1 MWh/year, PUE %2)</source>
        <translation>逐月设施能耗（%1 MWh/年，PUE %2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>IT</source>
        <translation>IT</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cooling</source>
        <translation>制冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>electrical losses and other</source>
        <translation>电气损耗及其他</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MWh per month</source>
        <translation>MWh/月</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Power by feed: peak load (all GPUs at 100 %) against rating</source>
        <translation>各供电回路功率：峰值负载（全部 GPU 100%）与额定容量对比</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Sensitivity of cost per GPU-hour to ±%1 % on each input</source>
        <translation>每GPU小时成本对各输入 ±%1% 变化的敏感性</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 per GPU-hour</source>
        <comment>axis unit: currency per GPU-hour</comment>
        <translation>%1/GPU·时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 per GPU-hour</source>
        <comment>base value of the tornado</comment>
        <translation>%1/GPU·时</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Blue: input lowered by %1 %; green: input raised by %1 %. Fractions are capped at 1.</source>
        <translation>蓝色：输入降低 %1%；绿色：输入提高 %1%。比例类输入上限为 1。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Myriad report: %1</source>
        <translation>Myriad 报告：%1</translation>
    </message>
    <message>
        <location filename="../tools/report/report_pages_cooling.cpp" line="-44"/>
        <source>Cold plate</source>
        <translation>冷板液冷</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Immersion</source>
        <translation>浸没式液冷</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (as drawn)</source>
        <translation>%1（当前设计）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Cooling choices for the same GPUs</source>
        <translation>同样 GPU 的冷却方式比较</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each column is the scene&apos;s compute racks converted to that cooling and evaluated with the report&apos;s inputs: air-cooled servers, cold plates on CDUs (85 % of the heat to facility water unless the server says otherwise), or servers without fans in immersion tanks. Network racks stay as they are. Many tank and fluid figures are estimates (docs/models/cooling.md names their sources).</source>
        <translation>每一列是把场景的计算机柜换成该冷却方式后，用本报告的输入评估的结果：风冷服务器、经 CDU 的冷板液冷（除非服务器另有规定，85% 的热量进入设施水），或浸没槽中无风扇的服务器。网络机柜保持不变。许多浸没槽和冷却液数值为估算值（其来源见 docs/models/cooling.md）。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Racks or tanks</source>
        <translation>机柜或浸没槽</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>IT power at peak</source>
        <translation>IT 峰值功率</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>%1 MW</source>
        <translation>%1 MW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PUE, annual</source>
        <translation>全年 PUE</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compressor-free hours of the water loop</source>
        <translation>水回路无压缩机运行小时数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no water loop</source>
        <translation>无水回路</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Water per year</source>
        <translation>每年用水量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 m³</source>
        <translation>%1 m³</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 t CO₂</source>
        <translation>%1 t CO₂</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Heaviest floor load</source>
        <translation>最大地面荷载</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 kg/m²</source>
        <translation>%1 kg/m²</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is not available: %2</source>
        <translation>%1 不可用：%2</translation>
    </message>
    <message>
        <location filename="../tools/report/report_pages_siting.cpp" line="-46"/>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Of %1 options (%2 infeasible), the cheapest is %3 at %4 per GPU-hour; the lowest carbon is %5 at %6 t CO₂ a year (market-based).</source>
        <translation>在 %1 个方案中（%2 个不可行），成本最低的是%3，每 GPU 小时 %4；碳排放最低的是%5，每年 %6 吨 CO₂（基于市场）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Splitting the job over sites slows its step by %1 to %2 with links of %3 Gb/s; up to %4 Gb/s per link would keep it within %5.</source>
        <translation>把作业分布到多个站点时，在 %3 Gb/s 的链路下每步减慢 %1 至 %2；每条链路最多需要 %4 Gb/s 才能把减速控制在 %5 以内。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sites</source>
        <translation>站点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per GPU-hour</source>
        <translation>每 GPU 小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Adjusted for slowdown</source>
        <translation>按减速调整后</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>t CO₂ a year (market)</source>
        <translation>每年吨 CO₂（市场）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slowdown</source>
        <translation>减速</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Link needed</source>
        <translation>所需链路</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unreachable</source>
        <translation>无法达到</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Cost against carbon: each option a point, larger as a split trains slower; the dashed line joins the options nothing beats in both</source>
        <translation>成本与碳排放：每个方案一个点，分布式方案训练越慢点越大；虚线连接两项都无法被超越的方案</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cost per GPU-hour adjusted for slowdown (%1)</source>
        <translation>按减速调整后的每 GPU 小时成本（%1）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>kt CO₂ a year, market-based</source>
        <translation>每年千吨 CO₂（基于市场）</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Where to build: %1</source>
        <translation>在哪里建设：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 GPUs of %2; each site builds its share as whole scalable units and is costed at its own climate, tariff and grid factor; links between sites are coherent DCI optics on leased fibre. Adjusted for slowdown = cost per GPU-hour × (1 + slowdown): a slower step needs more GPU-hours for the same training.</source>
        <translation>%2 的 %1 个 GPU；每个站点按完整的可扩展单元建设其份额，并按本地气候、电价和电网排放因子计算成本；站点之间的链路为租用光纤上的相干 DCI 光模块。按减速调整后 = 每 GPU 小时成本 ×（1 + 减速）：每步越慢，同样的训练需要越多的 GPU 小时。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>DCI prices, powers and the longer reaches are estimates, and the renewable shares are the study&apos;s contract assumptions (docs/models/siting.md names every source). The map of the sites and links is in the app&apos;s Siting dock.</source>
        <translation>DCI 价格、功耗和较长的传输距离为估算值，可再生能源比例是本研究的合同假设（docs/models/siting.md 列出了全部来源）。站点和链路的地图见应用程序的“选址”停靠窗口。</translation>
    </message>
</context>
<context>
    <name>ReportRisks</name>
    <message>
        <location filename="../tools/report/report_pages_risk.cpp" line="+42"/>
        <source>%1 utilisation</source>
        <translation>%1 利用率</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Hall, load</source>
        <translation>机房，负载</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rack heat</source>
        <translation>机柜散热量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max inlet</source>
        <translation>最高进风温度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Racks &gt; 27 °C</source>
        <translation>&gt; 27 °C 的机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks &gt; 32 °C</source>
        <translation>&gt; 32 °C 的机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Top cooler load</source>
        <translation>最高制冷单元负载率</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1, %2</source>
        <comment>hall, load point</comment>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not evaluated</source>
        <translation>未评估</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 of %2</source>
        <comment>racks over the limit of the air-cooled racks</comment>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (%2)</source>
        <comment>load share (cooler)</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 (peak)</source>
        <translation>%1（峰值）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Hall %1 is not evaluated: %2</source>
        <translation>机房 %1 未评估：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Hall %1: the coolers remove %2 of the %3 of rack heat (energy balance misses by %4 %); the temperatures above leave the rest out.</source>
        <translation>机房 %1：制冷单元仅带走 %3 机柜散热量中的 %2（能量平衡偏差 %4%）；上表温度未计入其余热量。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Thermal model: %1</source>
        <translation>热模型：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Thermal headroom</source>
        <translation>热余量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>with racks at %1 of their catalog maximum power (the report&apos;s utilisation, as in the live view; a rack with a given power uses it)</source>
        <translation>机柜按其目录最大功率的 %1 运行（即报告的利用率，与实时视图相同；已给定功率的机柜按该功率计）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>with racks at %1 of their catalog maximum power (the report&apos;s utilisation, as in the live view; a rack with a given power uses it) and at %2 (peak nameplate, as myriad-cli thermal)</source>
        <translation>机柜按其目录最大功率的 %1 运行（即报告的利用率，与实时视图相同；已给定功率的机柜按该功率计），以及按 %2 运行（铭牌峰值，与 myriad-cli thermal 相同）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Thermal model (airflow and temperature of each hall, docs/models/thermal.md) %1. Limits: ASHRAE A1 recommended 27 °C, allowable 32 °C inlet, read as an auditor does: the hottest of the bottom, middle and top of each rack&apos;s intake (±0.05 K).</source>
        <translation>热模型（各机房的气流与温度，docs/models/thermal.md）：%1。限值：ASHRAE A1 推荐进风温度 27 °C，允许 32 °C，按审核方式读取：取每个机柜进风面底部、中部与顶部中的最高值（±0.05 K）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>at peak</source>
        <translation>（峰值）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>at %1</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Hottest rack inlets %1</source>
        <translation>最热的机柜进风%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max °C</source>
        <translation>最高 °C</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mean °C</source>
        <translation>平均 °C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Margin to 27 °C</source>
        <translation>距 27 °C 余量</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Most loaded coolers %1</source>
        <translation>负载最高的制冷单元%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Capacity</source>
        <translation>制冷量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load share</source>
        <translation>负载率</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Power headroom by feed</source>
        <translation>各供电回路的功率余量</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Feed</source>
        <translation>供电回路</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Peak (%1)</source>
        <translation>峰值（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At %1</source>
        <translation>%1 时</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rating</source>
        <translation>额定容量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Peak / rating</source>
        <translation>峰值 / 额定容量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>One feed lost</source>
        <translation>失去一路供电回路</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 (%2 out)</source>
        <comment>load share (the feed that failed)</comment>
        <translation>%1（%2 断开）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The scene has no power feeds.</source>
        <translation>场景中没有供电回路。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Error %1</source>
        <comment>a violation line</comment>
        <translation>错误 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Warning %1</source>
        <comment>a violation line</comment>
        <translation>警告 %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 at %2: the coolers remove %3 of %4 of rack heat</source>
        <translation>%1（%2）：制冷单元仅带走 %4 机柜散热量中的 %3</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%1 at %2: %n racks with inlets above the ASHRAE A1 allowable 32 °C</source>
        <translation>
            <numerusform>%1（%2）：%n 个机柜进风温度超过 ASHRAE A1 允许值 32 °C</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>%1 at %2: %n coolers over capacity, up to %3 (%4)</source>
        <translation>
            <numerusform>%1（%2）：%n 个制冷单元超出制冷量，最高 %3（%4）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>%1 at %2: %n racks with inlets above the recommended 27 °C</source>
        <translation>
            <numerusform>%1（%2）：%n 个机柜进风温度超过推荐值 27 °C</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Top violations</source>
        <translation>主要违规项</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: %2</source>
        <comment>object: message</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>power %1: %2</source>
        <comment>power violation: kind, message</comment>
        <translation>供电 %1：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>peak nameplate power</source>
        <translation>铭牌峰值功率</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>None: the scene passes its layout and power checks (myriad-cli validate), the power chain reports no violation and every rack inlet and cooler is within its limit.</source>
        <translation>无：场景通过布局与供电检查（myriad-cli validate），供电链无违规项，所有机柜进风与制冷单元均在限值内。</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>… %n more (myriad-cli validate and thermal list them all).</source>
        <translation>
            <numerusform>… 另有 %n 项（myriad-cli validate 与 thermal 会全部列出）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reliability and goodput</source>
        <translation>可靠性与有效训练时间比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A job on %1 GPUs sees %2 interruptions per day (%3 unexpected, MTBI %4 h). Checkpointing every %5 s (Daly) with %6 s per checkpoint and %7 s per restart gives a goodput of %8, a loss worth %9 per year.</source>
        <translation>在 %1 块 GPU 上运行的作业每天遇到 %2 次中断（其中意外中断 %3 次，MTBI %4 h）。每 %5 s 保存一次检查点（Daly 公式），每次检查点耗时 %6 s、每次重启耗时 %7 s，有效训练时间比为 %8，每年损失价值 %9。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Interruptions per day by component: %1.</source>
        <translation>各部件每天中断次数：%1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, </source>
        <comment>list separator</comment>
        <translation>，</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Headroom and risks</source>
        <translation>余量与风险</translation>
    </message>
</context>
<context>
    <name>ReportSummary</name>
    <message>
        <location filename="../tools/report/report_summary.cpp" line="+40"/>
        <source>%1 puts %2 GPUs in %3 racks at %4; its IT equipment draws %5 MW at peak nameplate power and %6 MW on average at %7 utilisation, and the facility %9 MW on average at a PUE of %8.</source>
        <translation>%1 在 %4 的 %3 个机柜中部署 %2 块 GPU；其 IT 设备在铭牌峰值功率下耗电 %5 MW，在 %7 利用率下平均耗电 %6 MW；设施平均耗电 %9 MW，PUE 为 %8。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>CAPEX is %1 and OPEX %2 a year; the TCO and the cost per GPU-hour cannot be given because a price is missing (see the appendix).</source>
        <translation>资本支出为 %1，运营支出每年 %2；由于缺少价格，无法给出总拥有成本和每GPU小时成本（见附录）。</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>It needs %1 of CAPEX and %2 of OPEX a year; over %n years, discounted at %3 a year, the TCO is %4 (present value, net of the residual value), or %5 per GPU-hour sold (%6 per goodput GPU-hour).</source>
        <translation>
            <numerusform>需资本支出 %1，每年运营支出 %2；按每年 %3 折现，%n 年的总拥有成本为 %4（现值，已扣除残值），即每售出 GPU 小时 %5（每有效 GPU 小时 %6）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+32"/>
        <source>The largest cost is %1 (%2 of CAPEX); the cost per GPU-hour is most sensitive to %3 (%4 to %5 at ±%6 %).</source>
        <translation>最大的成本项是%1（占资本支出的 %2）；每GPU小时成本对%3最敏感（±%6% 时为 %4 至 %5）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The largest cost is %1 (%2 of CAPEX).</source>
        <translation>最大的成本项是%1（占资本支出的 %2）。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1: %2</source>
        <comment>hall: why it was not evaluated</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>the hottest rack inlet reaches %1 °C (%2)</source>
        <translation>最热的机柜进风温度达到 %1 °C（%2）</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n racks exceed the ASHRAE A1 allowable 32 °C and %1 the recommended 27 °C</source>
        <translation>
            <numerusform>%n 个机柜超过 ASHRAE A1 允许值 32 °C，%1 个超过推荐值 27 °C</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n racks exceed the ASHRAE A1 recommended 27 °C</source>
        <translation>
            <numerusform>%n 个机柜超过 ASHRAE A1 推荐值 27 °C</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n coolers run over capacity (%1 at %2)</source>
        <translation>
            <numerusform>%n 个制冷单元超出制冷量（%1 达 %2）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: %2, and %3</source>
        <comment>hottest inlet: racks over the limits, and coolers over</comment>
        <translation>%1：%2，且%3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2</source>
        <comment>hottest inlet: racks over the limits</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, and %2</source>
        <comment>hottest inlet, and coolers over capacity</comment>
        <translation>%1，且%2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the hottest rack inlet is %1 °C (%2 K below the ASHRAE A1 recommended 27 °C)</source>
        <translation>最热的机柜进风温度为 %1 °C（低于 ASHRAE A1 推荐值 27 °C %2 K）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the most loaded cooler runs at %1 of capacity</source>
        <translation>负载最高的制冷单元负载率为 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> and </source>
        <comment>joins two findings</comment>
        <translation>，</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Biggest risk: cooling — at %1 utilisation %2.</source>
        <translation>最大风险：制冷——在 %1 利用率下，%2。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Biggest risk: cooling — at %1 utilisation %2 (at peak nameplate power: hottest inlet %3 °C, %n racks above 27 °C).</source>
        <translation>
            <numerusform>最大风险：制冷——在 %1 利用率下，%2（铭牌峰值功率下：最高进风温度 %3 °C，%n 个机柜超过 27 °C）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Recommendation: add cooling capacity or spread the load before sign-off; the figures above assume the hall can carry its heat.</source>
        <translation>建议：在签核前增加制冷量或分散负载；以上数据假设机房能够带走其全部热量。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recommendation: review the airflow of the hottest aisles; the hall is inside the allowable range but outside the recommended one.</source>
        <translation>建议：检查最热通道的气流；机房处于允许范围内，但超出推荐范围。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Biggest risk: cooling at peak power — at %1 utilisation %2, but with every rack at its nameplate maximum %3.</source>
        <translation>最大风险：峰值功率下的制冷——在 %1 利用率下，%2；但当所有机柜均按铭牌最大功率运行时，%3。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Recommendation: cap rack power below nameplate or add cooling capacity so that the hall holds at peak load.</source>
        <translation>建议：将机柜功率上限设在铭牌功率以下，或增加制冷量，使机房在峰值负载下仍能满足要求。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Biggest risk: cooling — at peak power the coolers of hall %1 remove only %2 kW of its %3 kW of rack heat: %4 % of the heat has nowhere to go (page 4 names the cause).</source>
        <translation>最大风险：制冷——峰值功率下，机房 %1 的制冷单元仅带走 %3 kW 机柜散热量中的 %2 kW：%4% 的热量无处排出（第 4 页说明原因）。</translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>Biggest risk: the layout fails %n of its physical checks, first %1: %2.</source>
        <translation>
            <numerusform>最大风险：布局未通过 %n 项物理检查，首项为 %1：%2。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Recommendation: correct the layout and re-run the report before any sign-off.</source>
        <translation>建议：在任何签核之前修正布局并重新生成报告。</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Biggest risk: the power chain has %n violations, first %1.</source>
        <translation>
            <numerusform>最大风险：供电链有 %n 个违规项，首项为 %1。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Recommendation: add feed capacity or rebalance racks across feeds before sign-off.</source>
        <translation>建议：在签核前增加供电回路容量，或在各供电回路之间重新分配机柜。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Recommendation: add cooling for the missing heat (for liquid-cooled racks, CDUs sized for their liquid heat) before sign-off; the temperatures and the PUE leave that heat out.</source>
        <translation>建议：在签核前为未带走的热量增加制冷（液冷机柜需配置与其液冷热量匹配的 CDU）；温度与 PUE 均未计入这部分热量。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>at %1 utilisation %2</source>
        <translation>在 %1 利用率下，%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>at peak nameplate power the hottest inlet is %1 °C</source>
        <translation>铭牌峰值功率下最高进风温度为 %1 °C</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the most loaded feed carries %1 of its rating at peak</source>
        <translation>负载最高的供电回路在峰值时达到其额定容量的 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No check fails; the narrowest headroom: %1.</source>
        <translation>所有检查均通过；余量最小之处：%1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>; </source>
        <comment>separates headroom findings</comment>
        <translation>；</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The thermal model could not evaluate hall %1: rack inlet temperatures are not evaluated.</source>
        <translation>热模型无法评估机房 %1：未评估机柜进风温度。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>the TCO by %1 (%2 %)</source>
        <translation>总拥有成本 %1（%2%）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the cost per GPU-hour by %1 (%2 %)</source>
        <translation>每GPU小时成本 %1（%2%）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the PUE by %1 (%2 %)</source>
        <translation>PUE %1（%2%）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Scenario &quot;%1&quot; changes %2.</source>
        <translation>方案“%1”使%2。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, </source>
        <comment>separates the changes of a scenario</comment>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>ReportTerms</name>
    <message>
        <location filename="../tools/report/report_assumptions.cpp" line="-132"/>
        <source>systems</source>
        <translation>服务器系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>optics</source>
        <translation>光模块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cables</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>immersion fluid</source>
        <translation>浸没冷却液</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>power and cooling infrastructure</source>
        <translation>供电与制冷基础设施</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>building and site</source>
        <translation>建筑与场地</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>energy</source>
        <translation>电费</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>carbon</source>
        <translation>碳排放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>maintenance</source>
        <translation>维护</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>staff</source>
        <translation>人员</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>energy price</source>
        <translation>电价</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hardware prices</source>
        <translation>硬件价格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>build cost per W</source>
        <translation>每瓦建设成本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>discount rate</source>
        <translation>折现率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>maintenance share</source>
        <translation>维护费率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>staff cost</source>
        <translation>人员成本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>availability</source>
        <translation>可用性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>chiller efficiency</source>
        <translation>冷机效率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failure rates</source>
        <translation>故障率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint time</source>
        <translation>检查点耗时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TCO horizon</source>
        <translation>总拥有成本测算期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT equipment life</source>
        <translation>IT 设备寿命</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CAPEX</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OPEX per year</source>
        <translation>年运营支出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TCO (present value)</source>
        <translation>总拥有成本（现值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost per GPU-hour</source>
        <translation>每GPU小时成本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Energy per year</source>
        <translation>年能耗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Carbon per year</source>
        <translation>年碳排放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT power (mean)</source>
        <translation>IT 功率（均值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interruptions per day</source>
        <translation>每天中断次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Goodput</source>
        <translation>有效训练时间比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>build cost per W of critical (peak IT) power</source>
        <translation>每瓦关键（峰值 IT）功率的建设成本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>routed fabric BOM (mean price per unit)</source>
        <translation>已布线网络的物料清单（平均单价）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cable (estimated length)</source>
        <translation>线缆（估算长度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fabric model: cables routed on the trays, catalog prices</source>
        <translation>网络模型：线缆沿桥架布线，按目录价格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>economics inputs</source>
        <translation>经济性输入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>estimate</source>
        <translation>估算值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>economics inputs (energyPriceUSDPerKWh)</source>
        <translation>经济性输入（energyPriceUSDPerKWh）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no price for the site</source>
        <translation>该站点无电价</translation>
    </message>
</context>
<context>
    <name>ReportText</name>
    <message>
        <location filename="../tools/report/report_layout.cpp" line="+50"/>
        <source>%1 %</source>
        <comment>percentage</comment>
        <translation>%1%</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 %2</source>
        <comment>two sentences in a row</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>missing</source>
        <comment>a figure the engine could not give</comment>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1 million</source>
        <comment>money unit of a chart axis: $ million</comment>
        <translation>百万%1</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1/yr</source>
        <comment>money per year</comment>
        <translation>%1/年</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>%1 pt</source>
        <comment>percentage points</comment>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <location line="+133"/>
        <source>Myriad executive report · %1 · %2</source>
        <comment>footer: title, date</comment>
        <translation>Myriad 管理层报告 · %1 · %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
</context>
</TS>
