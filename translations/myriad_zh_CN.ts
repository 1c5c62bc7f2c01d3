<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Connection</name>
    <message>
        <location filename="../tools/connection/endpoint.cpp" line="+100"/>
        <source>%1: expected an http:// or https:// URL with a host name</source>
        <translation>%1：应为带主机名的 http:// 或 https:// URL</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: the URL carries a user name or password; give credentials as the endpoint&apos;s authentication (kept in the keychain), not in the URL</source>
        <translation>%1：URL 中含有用户名或密码；请把凭据设为该端点的认证方式（保存在钥匙串中），不要写在 URL 里</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: CA bundle %2 does not exist (expected a PEM file of CA certificates)</source>
        <translation>%1：CA 证书包 %2 不存在（应为包含 CA 证书的 PEM 文件）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: CA bundle %2 holds no PEM certificate (expected -----BEGIN CERTIFICATE----- blocks)</source>
        <translation>%1：CA 证书包 %2 中没有 PEM 证书（应包含 -----BEGIN CERTIFICATE----- 段）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: basic authentication needs a user name without &apos;:&apos; or control characters</source>
        <translation>%1：Basic 认证需要不含“:”和控制字符的用户名</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>password</source>
        <translation>密码</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>token</source>
        <translation>令牌</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2 authentication needs a %3, and none was given</source>
        <translation>%1：%2 认证需要%3，但未提供</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: the %2 contains a control character (a newline?); it was not sent</source>
        <translation>%1：%2中含有控制字符（换行？）；未发送</translation>
    </message>
    <message>
        <location filename="../tools/connection/reply_guard.cpp" line="+69"/>
        <source>%1 redirected to %2; Myriad follows redirects only on the same host and never from https to http, so it stopped</source>
        <translation>%1 重定向到 %2；Myriad 只跟随同一主机上的重定向，且从不从 https 降到 http，因此已停止</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1: TLS verification failed: %2. Myriad does not talk to a server it cannot verify; if its certificate comes from an internal CA, name that CA&apos;s PEM bundle in the connection settings (--ca-bundle on the command line)</source>
        <translation>%1：TLS 验证失败：%2。Myriad 不与无法验证的服务器通信；如果其证书来自内部 CA，请在连接设置中指定该 CA 的 PEM 证书包（命令行用 --ca-bundle）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 refused the credentials (HTTP %2); check the token, or the user name and password, and their permissions</source>
        <translation>%1 拒绝了凭据（HTTP %2）；请检查令牌或用户名和密码，以及其权限</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 asks for credentials (HTTP %2); set bearer or basic authentication in the connection settings</source>
        <translation>%1 要求提供凭据（HTTP %2）；请在连接设置中设置 Bearer 或 Basic 认证</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 answered HTTP %2 %3</source>
        <translation>%1 返回 HTTP %2 %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../tools/connection/secret_input.cpp" line="+29"/>
        <source>environment variable %1 is not set or empty (expected the secret)</source>
        <translation>环境变量 %1 未设置或为空（应为密钥）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>environment variable %1 holds a control character (a newline?); expected the secret alone</source>
        <translation>环境变量 %1 含有控制字符（换行？）；应只包含密钥</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1: cannot read the secret (%2)</source>
        <translation>%1：无法读取密钥（%2）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: the file is empty (expected the secret on one line)</source>
        <translation>%1：文件为空（应在一行中包含密钥）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: more than 64 KiB; expected the secret on one line</source>
        <translation>%1：超过 64 KiB；应在一行中包含密钥</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: the secret holds a control character or more than one line; expected the secret alone on one line</source>
        <translation>%1：密钥含有控制字符或多于一行；应只在一行中包含密钥</translation>
    </message>
    <message>
        <location filename="../tools/connection/secret_store.cpp" line="+26"/>
        <source>the keychain holds no secret named &quot;%1&quot;</source>
        <translation>钥匙串中没有名为“%1”的密钥</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no keychain is available for secret &quot;%1&quot; (on Linux a Secret Service such as GNOME Keyring or KWallet must run on the session bus): %2</source>
        <translation>没有可用于密钥“%1”的钥匙串（Linux 上需要在会话总线上运行 GNOME Keyring 或 KWallet 等 Secret Service）：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the keychain refused access to secret &quot;%1&quot;: %2</source>
        <translation>钥匙串拒绝访问密钥“%1”：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the keychain failed on secret &quot;%1&quot;: %2</source>
        <translation>钥匙串处理密钥“%1”失败：%2</translation>
    </message>
</context>
<context>
    <name>DashboardCharts</name>
    <message>
        <location filename="../app/modules/dashboard/dashboard_charts.cpp" line="+28"/>
        <source>Systems</source>
        <translation>服务器系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optics</source>
        <translation>光模块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cables</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fluid</source>
        <translation>冷却液</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power &amp; cooling</source>
        <translation>供电与制冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Building &amp; site</source>
        <translation>建筑与场地</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Energy</source>
        <translation>电费</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Carbon</source>
        <translation>碳排放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Maintenance</source>
        <translation>维护</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff</source>
        <translation>人员</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>energy price</source>
        <translation>电价</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hardware prices</source>
        <translation>硬件价格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>utilisation</source>
        <translation>利用率</translation>
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
        <source>TCO horizon</source>
        <translation>TCO 周期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT equipment life</source>
        <translation>IT 设备寿命</translation>
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
        <translation>检查点时间</translation>
    </message>
</context>
<context>
    <name>EngineChoice</name>
    <message>
        <location filename="../app/editing/property_editor.cpp" line="+128"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>power</source>
        <translation>供电</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cooling</source>
        <translation>制冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>liquid</source>
        <translation>液冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>immersion</source>
        <translation>浸没式液冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>crah</source>
        <translation>精密空调（CRAH）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>inrow</source>
        <translation>列间空调</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reardoor</source>
        <translation>背板空调</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cdu</source>
        <translation>CDU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nameplate</source>
        <translation>铭牌功率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per-su</source>
        <translation>每个 SU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>end-of-row</source>
        <translation>列端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>middle-of-row</source>
        <translation>列中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>central-row</source>
        <translation>中央列</translation>
    </message>
</context>
<context>
    <name>EngineField</name>
    <message>
        <location filename="../engine/src/core/fields_tables.cpp" line="+50"/>
        <location line="+136"/>
        <location line="+21"/>
        <location line="+85"/>
        <location line="+62"/>
        <location filename="../engine/src/core/fields_tables_cable.cpp" line="+19"/>
        <location filename="../engine/src/core/query.cpp" line="+426"/>
        <source>Id</source>
        <translation>标识</translation>
    </message>
    <message>
        <location line="-299"/>
        <location line="+157"/>
        <location filename="../engine/src/core/query.cpp" line="+55"/>
        <source>Model</source>
        <translation>型号</translation>
    </message>
    <message>
        <location line="-149"/>
        <location line="+157"/>
        <source>Kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <location line="-148"/>
        <location line="+155"/>
        <location line="+70"/>
        <location line="+62"/>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <location line="-279"/>
        <location line="+155"/>
        <location line="+70"/>
        <location line="+62"/>
        <source>y</source>
        <translation>y</translation>
    </message>
    <message>
        <location line="-279"/>
        <source>Intake faces</source>
        <translation>进风面</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cooling</source>
        <translation>冷却方式</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Power cap</source>
        <translation>功率上限</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Given power</source>
        <translation>指定功率</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>from contents</source>
        <translation>按内容计算</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Given power is</source>
        <translation>指定功率类型</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Given airflow</source>
        <translation>指定风量</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>from heat and ΔT</source>
        <translation>按热量和 ΔT 计算</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Feeds</source>
        <translation>供电回路</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Server model</source>
        <translation>服务器型号</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Supply faces</source>
        <translation>送风面</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Supply setpoint</source>
        <translation>送风温度设定值</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Airflow setting</source>
        <translation>风量设定</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>catalog</source>
        <translation>目录值</translation>
    </message>
    <message>
        <location line="+33"/>
        <location line="+62"/>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <location line="-54"/>
        <location line="+62"/>
        <source>Depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <location line="-54"/>
        <source>Open area</source>
        <translation>开孔率</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Measured flow</source>
        <translation>实测风量</translation>
    </message>
    <message>
        <location filename="../engine/src/core/query.cpp" line="-54"/>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Halls</source>
        <translation>机房</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT power</source>
        <translation>IT 功率</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Size</source>
        <translation>尺寸</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Rows</source>
        <translation>机柜列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cooling units</source>
        <translation>制冷单元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power feeds</source>
        <translation>供电回路</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+41"/>
        <source>Max power</source>
        <translation>最大功率</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>Index</source>
        <translation>序号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>UUID</source>
        <translation>UUID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TDP</source>
        <translation>TDP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BF16 peak</source>
        <translation>BF16 峰值算力</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Ports</source>
        <translation>端口数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Port rate</source>
        <translation>端口速率</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Airflow</source>
        <translation>风量</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <location filename="../engine/src/core/fields_tables_cable.cpp" line="+5"/>
        <source>A device</source>
        <translation>A 端设备</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A port</source>
        <translation>A 端端口</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>B device</source>
        <translation>B 端设备</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>B port</source>
        <translation>B 端端口</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cable type</source>
        <translation>线缆类型</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Recorded length</source>
        <translation>记录长度</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <location filename="../engine/src/core/fields_tables_site.cpp" line="+129"/>
        <source>Floor rating</source>
        <translation>地面承重等级</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>not checked</source>
        <translation>不检查</translation>
    </message>
</context>
<context>
    <name>EngineText</name>
    <message>
        <location filename="../app/shell/engine_text.cpp" line="+41"/>
        <source>%1; fix: %2</source>
        <comment>a finding of the models and how to fix it</comment>
        <translation>%1；修复：%2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>geometry</source>
        <comment>live model: the scene&apos;s layout</comment>
        <translation>几何</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>fabric</source>
        <comment>live model: cabling</comment>
        <translation>网络</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>power</source>
        <comment>live model: power chain</comment>
        <translation>供电</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>economics</source>
        <comment>live model: cost</comment>
        <translation>经济性</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>traffic</source>
        <comment>live model: collectives</comment>
        <translation>流量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>thermal</source>
        <comment>live model: air temperatures</comment>
        <translation>热分析</translation>
    </message>
    <message>
        <location filename="../engine/src/core/design_checks.cpp" line="+118"/>
        <source>%1: %2 kW of liquid heat%3 and no CDU capacity: the heat has nowhere to go</source>
        <translation>%1：液冷热负荷 %2 kW%3，但没有 CDU 容量：热量无处可去</translation>
    </message>
    <message>
        <location line="+10"/>
        <location filename="../engine/src/thermal/thermal_checks.cpp" line="+190"/>
        <source>%1: air handlers supply %2 m³/s, racks draw %3 m³/s (ratio %4)%5: a starved hall, racks recirculate exhaust air</source>
        <translation>%1：空调送风 %2 m³/s，机柜需风 %3 m³/s（比值 %4）%5：机房供风不足，机柜会吸入回流的排风</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>add air handlers or raise their airflow until supply ≥ rack demand (10–20 % more with containment)</source>
        <translation>增加空调或提高其风量，直到送风量 ≥ 机柜需求（有通道封闭时多 10–20 %）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>add coolant distribution units (CDUs) for the liquid heat plus one spare (N+1)</source>
        <translation>为液冷热负荷配置冷量分配单元（CDU），并多配一台备用（N+1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>add %1 units of %2: the liquid heat plus one spare (N+1)</source>
        <translation>配置 %1 台 %2：承担液冷热负荷并多配一台备用（N+1）</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>%1: %2 kW of air heat, over its rear doors&apos; %3 kW; the rest goes to the room</source>
        <translation>%1：风冷热负荷 %2 kW，超过其背板空调的 %3 kW；其余热量进入机房</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>fit a larger rear door or move load to another rack</source>
        <translation>换装更大的背板空调，或将负载移到其他机柜</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1: %2 kW of heat%3 and no CDUs</source>
        <translation>%1：热负荷 %2 kW%3，但没有 CDU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 kW of heat%3 and no air handlers</source>
        <translation>%1：热负荷 %2 kW%3，但没有空调</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>add CDUs for the heat plus one spare (N+1)</source>
        <translation>为热负荷配置 CDU，并多配一台备用（N+1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>add air handlers for the heat plus one spare (N+1)</source>
        <translation>为热负荷配置空调，并多配一台备用（N+1）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: CDUs carry %2 kW of %3 kW (%4 %)%5, over their capacity</source>
        <translation>%1：CDU 承担 %2 kW，容量 %3 kW（%4 %）%5，超出容量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: air handlers carry %2 kW of %3 kW (%4 %)%5, over their capacity</source>
        <translation>%1：空调承担 %2 kW，容量 %3 kW（%4 %）%5，超出容量</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>add %1 more units of %2 (the shortfall plus one spare for N+1)</source>
        <translation>再增加 %1 台 %2（补足缺口并多配一台备用，满足 N+1）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: CDUs carry %2 kW of %3 kW (%4 %)%6: with the largest unit (%5 kW) failed the rest cannot carry it; N+1 lost</source>
        <translation>%1：CDU 承担 %2 kW，容量 %3 kW（%4 %）%6：最大一台（%5 kW）故障时其余无法承担；失去 N+1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: air handlers carry %2 kW of %3 kW (%4 %)%6: with the largest unit (%5 kW) failed the rest cannot carry it; N+1 lost</source>
        <translation>%1：空调承担 %2 kW，容量 %3 kW（%4 %）%6：最大一台（%5 kW）故障时其余无法承担；失去 N+1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>add one more unit of %1</source>
        <translation>再增加一台 %1</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>raise the feed&apos;s rating or move racks to another feed</source>
        <translation>提高该供电回路的额定容量，或将机柜移到其他供电回路</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>move nodes to another rack or fit larger PDUs (raise powerCapW)</source>
        <translation>将节点移到其他机柜，或换装更大的 PDU（提高 powerCapW）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>name an existing feed or add the feed to the hall</source>
        <translation>指定已有的供电回路，或在机房中添加该供电回路</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>connect the rack to two feeds (A and B)</source>
        <translation>将机柜接入两路供电回路（A 路和 B 路）</translation>
    </message>
    <message>
        <location filename="../engine/src/core/validation.cpp" line="+81"/>
        <source>empty id; every object needs a unique id</source>
        <translation>ID 为空；每个对象都需要唯一的 ID</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>duplicate id &quot;%1&quot;; ids must be unique</source>
        <translation>ID“%1”重复；ID 必须唯一</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>hall at site &quot;%1&quot;, which the scene does not list under sites</source>
        <translation>机房位于站点“%1”，但场景的站点列表中没有该站点</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>floor tile %1 in hall %2, which has no raised floor (raisedFloorM = 0); tiles need a floor plenum</source>
        <translation>地板风口 %1 位于机房 %2，但该机房没有架空地板（raisedFloorM = 0）；地板风口需要地板下静压箱</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 lies outside hall %2: spans x %3–%4, y %5–%6; the hall is 0–%7 by 0–%8</source>
        <translation>%1 超出机房 %2：占据 x %3–%4、y %5–%6；机房范围为 0–%7 × 0–%8</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>rack %1 draws up to %2, over its PDU capacity of %3</source>
        <translation>机柜 %1 最大功耗 %2，超过其 PDU 容量 %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>rack %1 draws %2 but is connected to no power feed</source>
        <translation>机柜 %1 功耗 %2，但未接入任何供电回路</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>rack %1 names unknown power feed &quot;%2&quot;</source>
        <translation>机柜 %1 引用了不存在的供电回路“%2”</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 occupies U%2–U%3, outside rack %4 (U1–U%5)</source>
        <translation>%1 占用 U%2–U%3，超出机柜 %4 的范围（U1–U%5）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 (U%2–U%3) overlaps %4 in rack %5</source>
        <translation>%1（U%2–U%3）与机柜 %5 中的 %4 重叠</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>%1 overlaps %2 on the floor (footprints must not intersect)</source>
        <translation>%1 与 %2 的占地重叠（占地范围不得相交）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>feed %1 must carry %2, over its rating of %3</source>
        <translation>供电回路 %1 需承载 %2，超过其额定容量 %3</translation>
    </message>
    <message>
        <location filename="../engine/src/core/query.cpp" line="-362"/>
        <source> at %1 % utilisation</source>
        <translation>（利用率 %1 %）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> at %1 % utilisation (%2 rack at its given power)</source>
        <translation>（利用率 %1 %，%2 个机柜按给定功率）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> at %1 % utilisation (%2 racks at their given power)</source>
        <translation>（利用率 %1 %，%2 个机柜按给定功率）</translation>
    </message>
    <message>
        <location filename="../engine/src/thermal/thermal_checks.cpp" line="-122"/>
        <source>%1: inlet up to %2 °C (bottom/middle/top %3/%4/%5)%6, above the ASHRAE A1 allowable 32 °C</source>
        <translation>%1：进风温度最高 %2 °C（下/中/上 %3/%4/%5）%6，超过 ASHRAE A1 允许上限 32 °C</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: inlet up to %2 °C (bottom/middle/top %3/%4/%5)%6, above the ASHRAE A1 recommended 27 °C</source>
        <translation>%1：进风温度最高 %2 °C（下/中/上 %3/%4/%5）%6，超过 ASHRAE A1 推荐上限 27 °C</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>supply more cold air to its aisle (more or larger air handlers, containment, blanking) or lower the rack&apos;s power</source>
        <translation>向其所在通道供应更多冷风（更多或更大的空调、通道封闭、盲板），或降低该机柜的功率</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: inlet down to %2 °C%3, below the ASHRAE A1 allowable 15 °C</source>
        <translation>%1：进风温度低至 %2 °C%3，低于 ASHRAE A1 允许下限 15 °C</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: inlet down to %2 °C%3, below the ASHRAE A1 recommended 18 °C</source>
        <translation>%1：进风温度低至 %2 °C%3，低于 ASHRAE A1 推荐下限 18 °C</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>raise the air handlers&apos; supply setpoint</source>
        <translation>提高空调的送风温度设定值</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1: load %2 kW of %3 kW (%4 %)%5, over its capacity</source>
        <translation>%1：负荷 %2 kW，容量 %3 kW（%4 %）%5，超出容量</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>add CDUs near it or spread the load of its zone</source>
        <translation>在其附近增加 CDU，或分散其区域的负荷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>add air handlers near it or spread the load of its zone</source>
        <translation>在其附近增加空调，或分散其区域的负荷</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>CDUs: load %1 kW exceeds the %2 kW left when the largest unit (%3 kW) fails%4: N+1 lost</source>
        <translation>CDU：负荷 %1 kW 超过最大一台（%3 kW）故障后剩余的 %2 kW%4：失去 N+1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>air handlers: load %1 kW exceeds the %2 kW left when the largest unit (%3 kW) fails%4: N+1 lost</source>
        <translation>空调：负荷 %1 kW 超过最大一台（%3 kW）故障后剩余的 %2 kW%4：失去 N+1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>add one more of the CDUs</source>
        <translation>再增加一台 CDU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>add one more of the air handlers</source>
        <translation>再增加一台空调</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1: %2 kW of liquid heat%3 and no CDU: the heat has nowhere to go</source>
        <translation>%1：液冷热负荷 %2 kW%3，但没有 CDU：热量无处可去</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>add coolant distribution units (CDUs) for the liquid heat plus one spare</source>
        <translation>为液冷热负荷配置冷量分配单元（CDU），并多配一台备用</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>add air handlers or raise their airflow until supply ≥ rack demand</source>
        <translation>增加空调或提高其风量，直到送风量 ≥ 机柜需求</translation>
    </message>
    <message>
        <location filename="../engine/src/live/live_models.cpp" line="+81"/>
        <source>%1 repeats the place of another leaf (scalable unit %2, rail %3); not cabled</source>
        <translation>%1 与另一台叶交换机位置重复（可扩展单元 %2，轨道 %3）；未布线</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 NICs have no leaf switch for their scalable unit and rail; not cabled</source>
        <translation>%1：%2 块网卡在其可扩展单元和轨道上没有叶交换机；未布线</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>the scene has no network switches: no fabric to cable</source>
        <translation>场景中没有网络交换机：没有可布线的网络</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>%1 sites: these figures put every hall at %2 and leave out the DCI links; each site at its own site, with the links: myriad-cli sites, the Sites dock</source>
        <translation>%1 个站点：这些数值将所有机房都按 %2 计算，且未计入 DCI 链路；各站点按其自身站点并含链路的数值见 myriad-cli sites 和“站点”停靠窗口</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>missing figure: %1</source>
        <translation>缺少数据：%1</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>the scene has no network switches: no collective to simulate</source>
        <translation>场景中没有网络交换机：没有可模拟的集合通信</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>fewer than 2 cabled compute nodes: no all-reduce</source>
        <translation>已布线的计算节点少于 2 个：无法进行 all-reduce</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 sites: the all-reduce runs inside each site (the slowest is shown); between sites the exchange crosses the DCI links (myriad-cli sites)</source>
        <translation>%1 个站点：all-reduce 在各站点内部运行（显示最慢者）；站点之间的交换经由 DCI 链路（myriad-cli sites）</translation>
    </message>
    <message>
        <location line="+181"/>
        <source>%1 model failed: %2</source>
        <translation>%1 模型失败：%2</translation>
    </message>
    <message>
        <location filename="../engine/src/economics/power_chain.cpp" line="+132"/>
        <source>rack %1 names feed &apos;%2&apos;, which does not exist</source>
        <translation>机柜 %1 指定的供电回路“%2”不存在</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>rack %1 draws %2 but has no feed</source>
        <translation>机柜 %1 功耗 %2，但没有供电回路</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>rack %1 has only feed %2 (declared %3); it loses power when that feed fails</source>
        <translation>机柜 %1 只接了供电回路 %2（声明为 %3）；该回路故障时机柜断电</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>feed %1 carries %2 at peak, rated %3</source>
        <translation>供电回路 %1 峰值负载 %2，额定 %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>feed %1 (%2) would carry %3 when %4 fails, rated %5: redundancy lost</source>
        <translation>供电回路 %1（%2）在 %4 故障时将承担 %3，额定 %5：失去冗余</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>rack %1 draws %2 at peak, PDU cap %3</source>
        <translation>机柜 %1 峰值功耗 %2，PDU 上限 %3</translation>
    </message>
    <message>
        <location filename="../engine/src/core/immersion_checks.cpp" line="+95"/>
        <source>%1: %2 kg over %3 m² loads the floor with %4 kg/m², over the hall&apos;s rating of %5 kg/m² (floorRatingKgM2)</source>
        <translation>%1：%2 kg 分布在 %3 m² 上，地面荷载 %4 kg/m²，超过机房承重等级 %5 kg/m²（floorRatingKgM2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>spread the load (a plinth or spreader plates), put less equipment in it, or build on a floor rated for it</source>
        <translation>分散荷载（底座或承重分散板）、减少其中的设备，或建在承重等级足够的地面上</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1: model %2 is an immersion tank but its cooling is &quot;%3&quot;</source>
        <translation>%1：型号 %2 是浸没槽，但其冷却方式为“%3”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: cooling is &quot;%3&quot; but model %2 is not an immersion tank</source>
        <translation>%1：冷却方式为“%3”，但型号 %2 不是浸没槽</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>set its cooling to immersion</source>
        <translation>将其冷却方式设为浸没式液冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>choose a tank as its model, or air or liquid cooling</source>
        <translation>选择浸没槽作为其型号，或改用风冷或液冷</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: server %2 is built for air (fans) and sits in an immersion tank</source>
        <translation>%1：服务器 %2 为风冷设计（带风扇），却放在浸没槽中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: server %2 is built for immersion (no fans) and sits in a rack cooled by %3</source>
        <translation>%1：服务器 %2 为浸没设计（无风扇），却放在冷却方式为 %3 的机柜中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>use an immersion-ready model (fans removed, firmware and materials qualified)</source>
        <translation>使用为浸没改造的型号（去掉风扇，固件和材料经过认证）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>put it in a tank or choose a model with fans</source>
        <translation>把它放入浸没槽，或选择带风扇的型号</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: facility water at %2 °C is warmer than %3 accepts (at most %4 °C)</source>
        <translation>%1：设施水温 %2 °C 高于 %3 允许的上限（最高 %4 °C）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>lower cooling.liquidSupplyC in the evaluation context or choose parts rated for warmer water</source>
        <translation>降低评估上下文中的 cooling.liquidSupplyC，或选择适用于更高水温的部件</translation>
    </message>
</context>
<context>
    <name>FrameSequence</name>
    <message>
        <location filename="../app/view/frame_sequence.cpp" line="+31"/>
        <source>Cannot make the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>ffmpeg could not make %1: %2</source>
        <translation>ffmpeg 无法生成 %1：%2</translation>
    </message>
</context>
<context>
    <name>HallView</name>
    <message>
        <location filename="../app/view/view_text.cpp" line="+25"/>
        <source>Row %1</source>
        <comment>label of a row of racks in the 3D view</comment>
        <translation>第 %1 列</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Network row %1</source>
        <comment>label of a row of switch racks in the 3D view</comment>
        <translation>网络第 %1 列</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rack power (kW)</source>
        <comment>legend title in the 3D view</comment>
        <translation>机柜功率 (kW)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/shell/recent_files.cpp" line="+64"/>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <location filename="../app/shell/sample_menu.cpp" line="+29"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Clear list</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/shell/status_text.cpp" line="+51"/>
        <source>%1 racks · %2 nodes · %3 GPUs · %4 IT peak without optics</source>
        <translation>机柜 %1 · 节点 %2 · GPU %3 · IT 峰值 %4（不含光模块）</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>&lt;h3&gt;Myriad %1&lt;/h3&gt;&lt;p&gt;A desktop workbench for planning, analysing and explaining AI training clusters of ten thousand GPUs and more: data-hall layout in 3D, fabric and cabling, power, cooling, cost and reliability.&lt;/p&gt;&lt;p&gt;Licensed under the Apache License 2.0.&lt;/p&gt;&lt;p&gt;Qt %2 · VTK %3&lt;br&gt;Compute backend: %4 — %5&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Myriad %1&lt;/h3&gt;&lt;p&gt;用于规划、分析和讲解万卡及以上规模 AI 训练集群的桌面工作台：三维数据机房布局、网络与布线、供电、制冷、成本与可靠性。&lt;/p&gt;&lt;p&gt;依据 Apache License 2.0 许可发布。&lt;/p&gt;&lt;p&gt;Qt %2 · VTK %3&lt;br&gt;计算后端：%4 — %5&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/editing/edit_commands.cpp" line="+55"/>
        <source>Cannot undo or redo “%1”</source>
        <translation>无法撤销或重做“%1”</translation>
    </message>
    <message>
        <location filename="../app/live/scene_document.cpp" line="+23"/>
        <source>Add scenario %1</source>
        <translation>添加方案 %1</translation>
    </message>
    <message>
        <location filename="../app/modules/dashboard/dashboard_charts.cpp" line="+43"/>
        <source>CAPEX</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <location line="+81"/>
        <location line="+1"/>
        <source> / yr</source>
        <translation> / 年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Base</source>
        <translation>基准</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>IT</source>
        <translation>IT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cooling</source>
        <translation>制冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Losses + misc</source>
        <translation>损耗及其他</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>MWh</source>
        <translation>MWh</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Peak load</source>
        <translation>峰值负载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rating</source>
        <translation>额定容量</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>kW</source>
        <translation>kW</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>input −%1 %</source>
        <translation>输入 −%1 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>input +%1 %</source>
        <translation>输入 +%1 %</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Δ %1/GPU-h vs %2</source>
        <translation>每 GPU 小时成本变化（%1），基准 %2</translation>
    </message>
    <message>
        <location filename="../app/modules/fabric/fabric_panel_models.h" line="+248"/>
        <source>unreachable</source>
        <translation>不可达</translation>
    </message>
    <message>
        <location filename="../app/modules/telemetry/telemetry_panel.cpp" line="+79"/>
        <location filename="../app/modules/telemetry/telemetry_properties.cpp" line="+214"/>
        <source>no time</source>
        <translation>无时间戳</translation>
    </message>
    <message>
        <location filename="../app/modules/telemetry/telemetry_panel_residuals.cpp" line="+30"/>
        <source>%1: nothing to compare</source>
        <translation>%1：无可对比数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: n %2, mean %3 %6, RMS %4 %6, worst %5 %6 (%7)</source>
        <translation>%1：n %2，均值 %3 %6，RMS %4 %6，最差 %5 %6（%7）</translation>
    </message>
    <message>
        <location filename="../app/modules/telemetry/telemetry_properties.cpp" line="-109"/>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Readings</source>
        <translation>读数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none in this snapshot</source>
        <translation>此快照中没有读数</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Inlet (Redfish)</source>
        <translation>进风（Redfish）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+7"/>
        <source>%1 mean, %2 max (%3 sensors)</source>
        <translation>平均 %1，最高 %2（%3 个传感器）</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Outlet (Redfish)</source>
        <translation>出风（Redfish）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Chassis power (Redfish)</source>
        <translation>机箱功率（Redfish）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%2 nodes)</source>
        <translation>%1（%2 个节点）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs with temperature</source>
        <translation>有温度数据的 GPU</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>GPU temperature (mean)</source>
        <translation>GPU 温度（平均）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU temperature (max)</source>
        <translation>GPU 温度（最高）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPU power (total)</source>
        <translation>GPU 功率（合计）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Measured (snapshot %1, %2)%3</source>
        <translation>实测（快照 %1，%2）%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · stale</source>
        <translation> · 已过期</translation>
    </message>
    <message>
        <location filename="../app/modules/traffic/traffic_panel.cpp" line="+72"/>
        <source>Packed</source>
        <translation>紧凑</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Spread across SUs</source>
        <translation>分散到各 SU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Explicit (from the file)</source>
        <translation>显式指定（来自文件）</translation>
    </message>
    <message>
        <location filename="../app/shell/main_window_file.cpp" line="+38"/>
        <source>Myriad scenes (*.json);;All files (*)</source>
        <translation>Myriad 场景 (*.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>SweepPanel</name>
    <message>
        <location filename="../app/modules/sweep/sweep_panel.cpp" line="+43"/>
        <source>GPUs built</source>
        <translation>建成 GPU 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT peak, MW</source>
        <translation>IT 峰值，MW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT power, MW</source>
        <translation>IT 功率，MW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Facility power, MW</source>
        <translation>设施功率，MW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CAPEX, USD M</source>
        <translation>资本支出，百万美元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OPEX, USD M/yr</source>
        <translation>运营支出，百万美元/年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>USD per GPU-hour</source>
        <translation>每 GPU 小时美元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interruptions/day</source>
        <translation>中断/天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MTBI, h</source>
        <translation>平均中断间隔，小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint interval, min</source>
        <translation>检查点间隔，分钟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lost per interruption, min</source>
        <translation>每次中断损失，分钟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Goodput, %</source>
        <translation>有效训练时间，%</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cable, km</source>
        <translation>线缆，km</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transceivers</source>
        <translation>光模块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All-reduce busbw, GB/s</source>
        <translation>All-reduce 总线带宽，GB/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All-reduce, ms</source>
        <translation>All-reduce，ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hottest inlet, °C</source>
        <translation>最热进风，°C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean inlet, °C</source>
        <translation>平均进风，°C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks over 27 °C</source>
        <translation>超过 27 °C 的机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>step, s</source>
        <translation>步长时间，s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exposed comm., s</source>
        <translation>暴露通信，s</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>GPUs asked</source>
        <translation>请求 GPU 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cooling</source>
        <translation>制冷方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Containment</source>
        <translation>通道封闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switch placement</source>
        <translation>交换机位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leaf switch</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cooler</source>
        <translation>制冷设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Supply air, °C</source>
        <translation>送风温度，°C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Site</source>
        <translation>站点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Energy price, USD/kWh</source>
        <translation>电价，美元/kWh</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Carbon price, USD/t</source>
        <translation>碳价，美元/吨</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discount rate</source>
        <translation>折现率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Years</source>
        <translation>年数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hardware price factor</source>
        <translation>硬件价格系数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chilled water, °C</source>
        <translation>冷冻水温度，°C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Liquid supply, °C</source>
        <translation>液冷供液温度，°C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Routing</source>
        <translation>路由</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/shell/app_options.cpp" line="+115"/>
        <source>Plan, analyse and explain AI training clusters.</source>
        <translation>规划、分析和讲解 AI 训练集群。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Scene to open (default: the h100-superpod-10k sample).</source>
        <translation>要打开的场景（默认：h100-superpod-10k 示例）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Render N frames while turning the camera, print the frame rate on one line and quit.</source>
        <translation>一边转动相机一边渲染 N 帧，在一行中输出帧率后退出。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save a PNG of the window after the first frames, quit.</source>
        <translation>渲染最初几帧后将窗口保存为 PNG 并退出。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Camera: top, isometric, aisle.</source>
        <translation>相机视角：top、isometric、aisle。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rack colours: kind, power, cooling.</source>
        <translation>机柜着色依据：kind、power、cooling。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Window size, e.g. 1600x1000.</source>
        <translation>窗口大小，例如 1600x1000。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Select the object with this id (rack, node, GPU, ...).</source>
        <translation>选中具有此 ID 的对象（机柜、节点、GPU 等）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open these docks at start, comma-separated: %1.</source>
        <translation>启动时打开这些面板，以逗号分隔：%1。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Interface language: zh_CN, en or system (default: the interface/language setting, else the system&apos;s).</source>
        <translation>界面语言：zh_CN、en 或 system（默认：interface/language 设置，否则跟随系统）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Start this guided tour (its scene replaces FILE).</source>
        <translation>启动此导览（其场景替代 FILE）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Show this step of the tour first (1 = the first).</source>
        <translation>先显示导览的第几步（1 = 第一步）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Play the tour in presenter view (full screen).</source>
        <translation>以演示视图（全屏）播放导览。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Record the tour or the animation into this folder as PNG frames (and an MP4 when ffmpeg is installed), then quit.</source>
        <translation>将导览或动画以 PNG 帧（安装了 ffmpeg 时另加 MP4）录制到此文件夹，然后退出。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Frames per second of the recording (default 25).</source>
        <translation>录制的每秒帧数（默认 25）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Seconds each tour step, or the animation&apos;s last frame, is shown (default 4).</source>
        <translation>每个导览步骤或动画最后一帧的显示秒数（默认 4）。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Ring order of the animated collective&apos;s GPUs: rail (rail by rail, default) or node (node by node).</source>
        <translation>动画集合通信中 GPU 的环顺序：rail（按轨道，默认）或 node（按节点）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Length of a recorded animation: the whole collective in this many seconds (default 10).</source>
        <translation>录制动画的长度：整个集合通信用这么多秒播完（默认 10）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Show this sweep folder&apos;s results (myriad-cli sweep) in the Sweep dock.</source>
        <translation>在“参数扫描”面板中显示此扫描文件夹的结果（myriad-cli sweep）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open this scenario of the --sweep folder in 3D.</source>
        <translation>在三维视图中打开 --sweep 文件夹中的此场景。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The Pareto chart&apos;s KPIs, e.g. usdPerGpuHour,pue.</source>
        <translation>帕累托图的两个指标，例如 usdPerGpuHour,pue。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Evaluate this siting study (myriad-cli siting) and show its options, map and Pareto chart in the Siting dock.</source>
        <translation>评估此选址研究（myriad-cli siting），并在“选址”停靠窗口中显示其方案、地图和帕累托图。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Time this job preset (e.g. llama3-405b) across the sites of a multi-site scene in the Sites dock.</source>
        <translation>在“站点”停靠窗口中计算此作业预设（例如 llama3-405b）在多站点场景各站点间的步长时间。</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>Play the tour in real time, print each camera flight&apos;s arrival time and frames, quit.</source>
        <translation>实时播放导览，输出每次相机飞行的到达时间和帧数，然后退出。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Simulate this collective on the fabric and animate it: ring, hierarchical or all-to-all.</source>
        <translation>在网络上仿真并以动画显示该集合通信：ring、hierarchical 或 all-to-all。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>GPUs of the animated collective (default: every GPU).</source>
        <translation>动画集合通信的 GPU 数（默认：全部 GPU）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Fraction of the collective shown first (default 0.5).</source>
        <translation>首先显示的集合通信进度比例（默认 0.5）。</translation>
    </message>
</context>
<context>
    <name>myriad::app::AddEquipmentDialog</name>
    <message>
        <location filename="../app/editing/add_equipment_dialog.cpp" line="+139"/>
        <source>Hall:</source>
        <translation>机房：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add cooling unit</source>
        <translation>添加制冷单元</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Add power feed</source>
        <translation>添加供电回路</translation>
    </message>
    <message>
        <location line="+37"/>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>+Y (supply air towards +Y)</source>
        <translation>+Y（向 +Y 送风）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>−Y (supply air towards −Y)</source>
        <translation>−Y（向 −Y 送风）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> °C</source>
        <translation> °C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model:</source>
        <translation>型号：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>X (low corner):</source>
        <translation>X（最小角点）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Y (low corner):</source>
        <translation>Y（最小角点）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Supply towards:</source>
        <translation>送风方向：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Supply setpoint:</source>
        <translation>送风温度设定值：</translation>
    </message>
    <message>
        <location line="+12"/>
        <source> MW</source>
        <translation> MW</translation>
    </message>
    <message>
        <location line="+10"/>
        <source> V</source>
        <translation> V</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capacity:</source>
        <translation>容量：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redundancy:</source>
        <translation>冗余：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Voltage:</source>
        <translation>电压：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 — %2 kW, %3 × %4 m</source>
        <translation>%1 — %2 kW，%3 × %4 m</translation>
    </message>
</context>
<context>
    <name>myriad::app::AddRowDialog</name>
    <message>
        <location filename="../app/editing/add_row_dialog.cpp" line="+131"/>
        <source>Add row</source>
        <translation>添加机柜列</translation>
    </message>
    <message>
        <location line="+15"/>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>+Y (intake faces +Y)</source>
        <translation>+Y（进风面朝 +Y）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>−Y (intake faces −Y)</source>
        <translation>−Y（进风面朝 −Y）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power</source>
        <translation>电力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cooling</source>
        <translation>制冷</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>(empty racks)</source>
        <translation>（空机柜）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Liquid</source>
        <translation>液冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Immersion</source>
        <translation>浸没式液冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hall:</source>
        <translation>机房：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row name:</source>
        <translation>机柜列名称：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First rack X:</source>
        <translation>首个机柜 X：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First rack Y:</source>
        <translation>首个机柜 Y：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks:</source>
        <translation>机柜数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Facing:</source>
        <translation>朝向：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kind:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rack enclosure:</source>
        <translation>机柜型号：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server:</source>
        <translation>服务器：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Servers per rack:</source>
        <translation>每柜服务器数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cooling:</source>
        <translation>制冷方式：</translation>
    </message>
</context>
<context>
    <name>myriad::app::AirPortsDialog</name>
    <message>
        <location filename="../app/editing/air_ports_dialog.cpp" line="+68"/>
        <source>Floor Tiles and Return Grilles — %1</source>
        <translation>地板风口与回风口 — %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Perforated tiles deliver the raised floor&apos;s supply, shared by open area unless a flow was measured. With return grilles the air handlers draw their return through the ceiling. Positions are the low corner, in metres from the hall&apos;s origin.</source>
        <translation>地板风口送出架空地板下的送风，未测量风量时按开孔率分配。设有回风口时，空调经吊顶回风。位置为低角坐标，单位为米，从机房原点量起。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove Selected</source>
        <translation>删除所选</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+3"/>
        <source>Id</source>
        <translation>编号</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+3"/>
        <source>X (m)</source>
        <translation>X（m）</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+3"/>
        <source>Y (m)</source>
        <translation>Y（m）</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+3"/>
        <source>Width (m)</source>
        <translation>宽（m）</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+3"/>
        <source>Depth (m)</source>
        <translation>深（m）</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Open area (%)</source>
        <translation>开孔率（%）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Measured flow (m³/s, 0 = by open area)</source>
        <translation>实测风量（m³/s，0 = 按开孔率）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Perforated floor tiles</source>
        <translation>地板风口</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ceiling return grilles</source>
        <translation>吊顶回风口</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>%1, row %2, %3: a number is expected (got &quot;%4&quot;)</source>
        <translation>%1，第 %2 行，%3：应为数字（输入为“%4”）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tiles</source>
        <translation>地板风口</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Grilles</source>
        <translation>回风口</translation>
    </message>
</context>
<context>
    <name>myriad::app::Autosave</name>
    <message>
        <location filename="../app/shell/autosave.cpp" line="+155"/>
        <source>Cannot restore the recovery file</source>
        <translation>无法恢复自动保存的副本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1
The file was set aside as %2; the document is unchanged.</source>
        <translation>%1
该文件已改名为 %2 保留；文档未作更改。</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>Cannot reload scene</source>
        <translation>无法重新加载场景</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Restore unsaved changes?</source>
        <translation>恢复未保存的更改？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Myriad did not close normally while %1 had unsaved changes. An automatic copy from %2 exists.

Restore it? (No discards the copy.)</source>
        <translation>Myriad 上次未正常关闭，当时 %1 有未保存的更改。现有一份保存于 %2 的自动副本。

是否恢复？（选择“否”将丢弃该副本。）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 was changed by another program.

Reload it? Your unsaved changes will be lost.</source>
        <translation>%1 已被其他程序修改。

是否重新加载？未保存的更改将会丢失。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 was changed by another program.

Reload it?</source>
        <translation>%1 已被其他程序修改。

是否重新加载？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File changed on disk</source>
        <translation>磁盘上的文件已更改</translation>
    </message>
</context>
<context>
    <name>myriad::app::CollectiveModule</name>
    <message>
        <location filename="../app/modules/collectives/collective_module.cpp" line="+39"/>
        <source>Collective Animation</source>
        <translation>集合通信动画</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Animate a Collective</source>
        <translation>集合通信动画(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Simulate a ring, hierarchical or all-to-all collective on the fabric and watch its chunks move along the cables</source>
        <translation>在网络上仿真环形、分层或 All-to-All 集合通信，观看数据块沿线缆移动</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The fabric changed: press Simulate again.</source>
        <translation>网络已更改：请再次按“仿真”。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Choose a collective and press Simulate.</source>
        <translation>选择一种集合通信，然后按“仿真”。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The scene changed: press Simulate again.</source>
        <translation>场景已更改：请再次按“仿真”。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>No fabric module.</source>
        <translation>没有网络模块。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Waiting for the fabric…</source>
        <translation>正在等待网络计算…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 GPUs in whole nodes</source>
        <translation>%1 块 GPU（整节点）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 GPUs on %2 nodes × %3 rails, rail by rail (%4 → … → %5)</source>
        <translation>%1 块 GPU，位于 %2 个节点 × %3 条轨道，按轨道排列（%4 → … → %5）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GPUs on %2 nodes × %3 rails, node by node (%4 → … → %5)</source>
        <translation>%1 块 GPU，位于 %2 个节点 × %3 条轨道，按节点排列（%4 → … → %5）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1; %2 phases, %3 ms simulated by the flow simulator (CPU reference solver); %4.</source>
        <translation>%1；%2 个阶段，流仿真器（CPU 参考求解器）仿真耗时 %3 ms；%4。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Cannot simulate: %1</source>
        <translation>无法仿真：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot simulate the collective</source>
        <translation>无法仿真该集合通信</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>rails</source>
        <translation>轨道</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>every flow drawn</source>
        <translation>逐条绘制每条流</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 flows drawn as %2 arrows between %3</source>
        <translation>%1 条流合并为 %3 之间的 %2 个箭头</translation>
    </message>
    <message>
        <location line="+149"/>
        <source>all-to-all</source>
        <translation>all-to-all</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>reduce-scatter</source>
        <translation>reduce-scatter</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>all-gather</source>
        <translation>all-gather</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>flat</source>
        <translation>单层</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>intra-node, NVLink</source>
        <translation>节点内，NVLink</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>inter-node, fabric</source>
        <translation>节点间，网络</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 step %2 (%3)</source>
        <translation>%1 第 %2 步（%3）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 flows moving, %2 chunks on %3 cable directions</source>
        <translation>%1 条流在传输，%2 个数据块位于 %3 个线缆方向上</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>; %1 of the flows inside nodes over NVLink (no cable)</source>
        <translation>；其中 %1 条流在节点内经 NVLink 传输（不经线缆）</translation>
    </message>
</context>
<context>
    <name>myriad::app::CollectivePanel</name>
    <message>
        <location filename="../app/modules/collectives/collective_panel.cpp" line="+45"/>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ring all-reduce</source>
        <translation>环形 All-Reduce</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hierarchical all-reduce (NVLink, then rails)</source>
        <translation>分层 All-Reduce（先 NVLink，后轨道）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All-to-all (pairwise)</source>
        <translation>All-to-All（两两交换）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Algorithm:</source>
        <translation>算法：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The GPUs of the first nodes take part (one GPU per compute NIC); the hierarchical all-reduce takes whole nodes</source>
        <translation>参与的是前几个节点的 GPU（每个计算网卡一块 GPU）；分层 All-Reduce 取整节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPUs:</source>
        <translation>GPU 数：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rail by rail</source>
        <translation>按轨道</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Node by node</source>
        <translation>按节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ring order of the members. Rail by rail: rail 0 of every node, then rail 1, …, so neighbours share a leaf (myriad-cli traffic --members rail, the default). Node by node: neighbours sit on different rails and every step crosses the spines (--members node).</source>
        <translation>成员的环顺序。按轨道：先是每个节点的轨道 0，再是轨道 1，……，相邻成员共用一台叶交换机（myriad-cli traffic --members rail，默认）。按节点：相邻成员位于不同轨道，每一步都要经过脊交换机（--members node）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Ring order:</source>
        <translation>环顺序：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Data per GPU:</source>
        <translation>每 GPU 数据量：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every flow</source>
        <translation>每条流</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Node arrows</source>
        <translation>节点间箭头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rack arrows</source>
        <translation>机柜间箭头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rail arrows</source>
        <translation>轨道间箭头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Automatic: every flow up to %1 flows, rack arrows above</source>
        <translation>自动：不超过 %1 条流时逐条显示，超过则合并为机柜间箭头</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Detail:</source>
        <translation>细节层次：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Simulate</source>
        <translation>仿真(&amp;S)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Choose a collective and press Simulate.</source>
        <translation>选择一种集合通信，然后按“仿真”。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Player</source>
        <translation>播放</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Previous phase</source>
        <translation>上一阶段</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Play or pause</source>
        <translation>播放或暂停</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next phase</source>
        <translation>下一阶段</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 phase in 4 s</source>
        <translation>每阶段 4 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 phase per second</source>
        <translation>每秒 1 个阶段</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>4 phases per second</source>
        <translation>每秒 4 个阶段</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whole collective in 10 s</source>
        <translation>整个集合通信 10 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whole collective in 60 s</source>
        <translation>整个集合通信 60 秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Simulated time is slowed down uniformly: within a phase, chunks keep the ratio of their simulated rates</source>
        <translation>仿真时间被均匀放慢：同一阶段内，各数据块保持其仿真速率之比</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&lt;span style=&apos;color:#ff8c1a&apos;&gt;■&lt;/span&gt; reduce-scatter &amp;nbsp; &lt;span style=&apos;color:#1abfff&apos;&gt;■&lt;/span&gt; all-gather &amp;nbsp; &lt;span style=&apos;color:#9e59f2&apos;&gt;■&lt;/span&gt; all-to-all; lighter: inside a node (NVLink, not on a cable). A dot is a chunk of data on a cable that carries it: it crosses the cable as its flow&apos;s bytes go out, at the simulated rate.</source>
        <translation>&lt;span style=&apos;color:#ff8c1a&apos;&gt;■&lt;/span&gt; reduce-scatter &amp;nbsp; &lt;span style=&apos;color:#1abfff&apos;&gt;■&lt;/span&gt; all-gather &amp;nbsp; &lt;span style=&apos;color:#9e59f2&apos;&gt;■&lt;/span&gt; all-to-all；颜色较浅：节点内部（NVLink，不经线缆）。圆点是线缆上正在传送的数据块：随其流的字节发出而穿过线缆，速度即仿真速率。</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>No collective simulated.</source>
        <translation>尚未仿真任何集合通信。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Phase %1 of %2: %3</source>
        <translation>第 %1 / %2 阶段：%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done: every phase has run.</source>
        <translation>完成：所有阶段均已运行。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Before the first phase.</source>
        <translation>第一阶段之前。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>t = %1 ms of %2 ms (simulated)</source>
        <translation>t = %1 ms / %2 ms（仿真时间）</translation>
    </message>
</context>
<context>
    <name>myriad::app::CollectiveRecorder</name>
    <message>
        <location filename="../app/modules/collectives/collective_recorder.cpp" line="+38"/>
        <source>Cannot record: no collective was simulated</source>
        <translation>无法录制：尚未仿真任何集合通信</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Cannot record: the collective was dropped (the scene changed)</source>
        <translation>无法录制：集合通信已被丢弃（场景已改变）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Recorded the collective in %1 frames to %2, and %3</source>
        <translation>已将集合通信录制为 %1 帧，保存到 %2，并生成 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recorded the collective in %1 frames to %2 (no ffmpeg on the PATH: PNG frames and frames.txt only)</source>
        <translation>已将集合通信录制为 %1 帧，保存到 %2（PATH 中没有 ffmpeg：仅有 PNG 帧和 frames.txt）</translation>
    </message>
</context>
<context>
    <name>myriad::app::ConnectionForm</name>
    <message>
        <location filename="../app/connection/connection_form.cpp" line="+26"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bearer token</source>
        <translation>Bearer 令牌</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Basic (user name and password)</source>
        <translation>Basic（用户名和密码）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NetBox API token</source>
        <translation>NetBox API 令牌</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>system CAs only; or a PEM file of your internal CA</source>
        <translation>仅系统 CA；或内部 CA 的 PEM 文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+32"/>
        <source>CA bundle</source>
        <translation>CA 证书包</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>PEM certificates (*.pem *.crt *.cer);;All files (*)</source>
        <translation>PEM 证书 (*.pem *.crt *.cer);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Keep in the OS keychain as</source>
        <translation>保存到系统钥匙串，名称为</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Authentication</source>
        <translation>认证</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>User name</source>
        <translation>用户名</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Token</source>
        <translation>令牌</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kept in memory only, unless kept in the keychain</source>
        <translation>仅保存在内存中，除非保存到钥匙串</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>Read from keychain entry &quot;%1&quot;.</source>
        <translation>已从钥匙串条目“%1”读取。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Name the keychain entry to keep the secret in.</source>
        <translation>请为保存密钥的钥匙串条目命名。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Kept in keychain entry &quot;%1&quot;.</source>
        <translation>已保存到钥匙串条目“%1”。</translation>
    </message>
</context>
<context>
    <name>myriad::app::CoolingChoicesPanel</name>
    <message>
        <location filename="../app/modules/dashboard/cooling_choices_panel.cpp" line="+34"/>
        <source>Cold plate</source>
        <translation>冷板液冷</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Immersion</source>
        <translation>浸没式液冷</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Racks/tanks</source>
        <translation>机柜/浸没槽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compute racks or immersion tanks</source>
        <translation>计算机柜或浸没槽</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 tanks</source>
        <translation>%1 个浸没槽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 racks</source>
        <translation>%1 个机柜</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>IT peak MW</source>
        <translation>IT 峰值 MW</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>IT power at full load, MW</source>
        <translation>满载 IT 功率，MW</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Facility MW</source>
        <translation>设施 MW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Facility power, annual mean, MW</source>
        <translation>设施功率，全年平均，MW</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Annual PUE</source>
        <translation>全年 PUE</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Free-cooling h</source>
        <translation>无压缩机运行小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compressor-free hours of the facility water loop per year</source>
        <translation>设施水回路每年的无压缩机运行小时数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Water m³/yr</source>
        <translation>用水 m³/年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Water evaporated per year, m³</source>
        <translation>每年蒸发的水量，m³</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CO₂ t/yr</source>
        <translation>CO₂ t/年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Carbon per year, tonnes of CO₂</source>
        <translation>每年碳排放，吨 CO₂</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CAPEX</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Capital expenditure</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>OPEX/yr</source>
        <translation>运营支出/年</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Operating expenditure per year</source>
        <translation>每年运营支出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Per GPU-h</source>
        <translation>每GPU小时</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cost per GPU-hour</source>
        <translation>每GPU小时成本</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Floor kg/m²</source>
        <translation>地面 kg/m²</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heaviest floor load of a compute rack or tank, kg/m²</source>
        <translation>计算机柜或浸没槽的最大地面荷载，kg/m²</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The same GPUs cooled by air, by cold plates on CDUs, and in immersion tanks: each column is the scene&apos;s compute racks converted to that cooling and evaluated with the same inputs (network racks stay as they are).</source>
        <translation>同样的 GPU 分别采用风冷、经 CDU 的冷板液冷和浸没槽：每一列是把场景的计算机柜换成该冷却方式后，用相同输入评估的结果（网络机柜保持不变）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Compare cooling choices</source>
        <translation>比较冷却方式</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Cannot compare the cooling choices: %1</source>
        <translation>无法比较冷却方式：%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Press Compare to evaluate the three cooling choices.</source>
        <translation>按“比较”评估三种冷却方式。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No scene.</source>
        <translation>没有场景。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1
(as drawn)</source>
        <translation>%1
（当前设计）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 in %2</source>
        <translation>%1，装于 %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: not available (%2).</source>
        <translation>%1：不可用（%2）。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Fans removed in immersion lower the IT power; warm facility water removes most compressor hours. Estimates as in the catalog.</source>
        <translation>浸没方案去掉风扇，降低了 IT 功率；温水设施水省去了大部分压缩机运行小时。估算值以部件目录为准。</translation>
    </message>
</context>
<context>
    <name>myriad::app::CurrencyBox</name>
    <message>
        <location filename="../app/modules/dashboard/currency_box.cpp" line="+43"/>
        <source>Currency of every cost figure, chart and report; the models compute in US dollars and convert at the rate beside</source>
        <translation>所有成本数字、图表和报告使用的币种；模型以美元计算，并按右侧汇率换算</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reference rate %1 %2 per USD on %3 (%4)%5</source>
        <translation>参考汇率：%3，1 美元 = %1 %2（%4）%5</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, an estimate</source>
        <translation>，估计值</translation>
    </message>
    <message>
        <location line="+9"/>
        <source> per USD</source>
        <translation> 每美元</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Figures are in US dollars, the unit of every base figure</source>
        <translation>数字以美元表示，即所有基础数据的单位</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The scene&apos;s own rate; type the reference rate (%1) to go back to it</source>
        <translation>场景自定汇率；输入参考汇率（%1）即恢复使用参考汇率</translation>
    </message>
</context>
<context>
    <name>myriad::app::DashboardModule</name>
    <message>
        <location filename="../app/modules/dashboard/dashboard_module.cpp" line="+31"/>
        <source>Dashboard</source>
        <translation>仪表盘</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>Currency %1</source>
        <translation>币种 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Compare Scenarios</source>
        <translation>方案对比(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare a scenario of the scene with the base (Dashboard ▸ Scenarios)</source>
        <translation>将场景中的某个方案与基准对比（仪表盘 ▸ 方案）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PDF &amp;Report…</source>
        <translation>PDF 报告(&amp;R)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write the executive PDF report of the scene (and the chosen scenario)</source>
        <translation>生成该场景（及所选方案）面向管理层的 PDF 报告</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Report</source>
        <translation>报告</translation>
    </message>
</context>
<context>
    <name>myriad::app::DashboardPanel</name>
    <message>
        <location filename="../app/modules/dashboard/dashboard_panel.cpp" line="+50"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accelerators in the scene</source>
        <translation>场景中的加速卡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT power</source>
        <translation>IT 功率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean IT power at the operating utilisation</source>
        <translation>运行利用率下的平均 IT 功率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Facility power</source>
        <translation>设施功率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean facility power: IT + cooling + losses</source>
        <translation>平均设施功率：IT + 制冷 + 损耗</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Annual power usage effectiveness (facility ÷ IT energy)</source>
        <translation>全年电能使用效率（设施能耗 ÷ IT 能耗）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CAPEX</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Systems, network, racks, power, cooling and building</source>
        <translation>系统、网络、机柜、供电、制冷与建筑</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Annual OPEX</source>
        <translation>年运营支出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Energy, carbon, maintenance and staff per year</source>
        <translation>每年的能源、碳排放、维护与人员费用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TCO</source>
        <translation>总拥有成本（TCO）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Present value of CAPEX and OPEX over the horizon, net of residual value</source>
        <translation>评估期内资本支出与运营支出的现值，扣除残值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cost per GPU-hour</source>
        <translation>每GPU小时成本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Annualised TCO ÷ sold GPU-hours</source>
        <translation>年化 TCO ÷ 售出的 GPU 小时数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interruptions</source>
        <translation>中断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job interruptions per day, all causes</source>
        <translation>每天的作业中断次数（所有原因）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Goodput</source>
        <translation>有效训练时间比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share of wall time that advances training</source>
        <translation>推进训练的时间占总时长的比例</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>CAPEX by category</source>
        <translation>资本支出（按类别）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Annual OPEX by category</source>
        <translation>年度运营支出（按类别）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Facility energy by month</source>
        <translation>设施能耗（按月）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power by feed (peak load against rating)</source>
        <translation>各供电回路功率（峰值负载对比额定容量）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sensitivity of cost per GPU-hour (±20 %)</source>
        <translation>每GPU小时成本的敏感性（±20 %）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Costs</source>
        <translation>成本</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+48"/>
        <source>Energy</source>
        <translation>能耗</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Sensitivity</source>
        <translation>敏感性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cooling</source>
        <translation>冷却</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scenarios</source>
        <translation>方案</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Site: climate, grid carbon intensity and energy price</source>
        <translation>站点：气候、电网碳排放强度和电价</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> /kWh</source>
        <translation> /kWh</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>site price</source>
        <translation>站点电价</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Energy price; choosing a site resets it to the site&apos;s price</source>
        <translation>电价；选择站点后将重置为该站点的电价</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> % utilisation</source>
        <translation> % 利用率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean IT load the power, thermal and cost models evaluate the hall at: part of the document, saved and undoable</source>
        <translation>供电、热和成本模型评估机房时采用的平均 IT 负载：属于文档内容，随文档保存，可撤销</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Site</source>
        <translation>站点</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <location line="+292"/>
        <source>Cannot evaluate the economics: %1</source>
        <translation>无法评估经济性：%1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>accelerators</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MW mean · %1 peak</source>
        <translation>MW 平均 · 峰值 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MW mean</source>
        <translation>MW 平均</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>annual · liquid loop %1 % of hours without compressor at %2 °C</source>
        <translation>年均 · 液冷回路 %2 °C 供水时 %1 % 的小时无需压缩机</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>annual</source>
        <translation>年均</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 up front</source>
        <translation>%1，一次性投入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 per year</source>
        <translation>%1/年</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, %2-year PV</source>
        <translation>%1，%2 年现值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 per GPU-hour</source>
        <translation>%1/GPU·时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>per day</source>
        <translation>次/天</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>of wall time</source>
        <translation>占总时长</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>OPEX per year</source>
        <translation>年度运营支出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (OPEX)</source>
        <translation>%1（运营支出）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Costs without a price (not drawn): %1</source>
        <translation>无价格的成本项（未绘制）：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Missing figures: %1</source>
        <translation>缺失数据：%1</translation>
    </message>
</context>
<context>
    <name>myriad::app::EditController</name>
    <message>
        <location filename="../app/editing/edit_controller.cpp" line="+103"/>
        <source>Cannot %1</source>
        <translation>无法执行“%1”</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Cannot restore the scene</source>
        <translation>无法恢复场景</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Set %1 on %2</source>
        <translation>设置 %2 的 %1</translation>
    </message>
</context>
<context>
    <name>myriad::app::EditingModule</name>
    <message>
        <location filename="../app/modules/editing/edit_selection.cpp" line="+33"/>
        <source>Select a rack, row or cooling unit to move</source>
        <translation>请选择要移动的机柜、机柜列或制冷单元</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Select a rack, row, cooling unit or feed to delete</source>
        <translation>请选择要删除的机柜、机柜列、制冷单元或供电回路</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Select a rack, row or cooling unit to rotate</source>
        <translation>请选择要旋转的机柜、机柜列或制冷单元</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Select a rack or row to duplicate</source>
        <translation>请选择要创建副本的机柜或机柜列</translation>
    </message>
    <message numerus="yes">
        <location line="+32"/>
        <source>%n objects</source>
        <translation>
            <numerusform>%n 个对象</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot duplicate %1</source>
        <translation>无法为 %1 创建副本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No free place within %1 m: %2</source>
        <translation>%1 m 范围内没有空位：%2</translation>
    </message>
    <message>
        <location filename="../app/modules/editing/editing_actions.cpp" line="+40"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>D&amp;uplicate</source>
        <translation>创建副本(&amp;U)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Add Row…</source>
        <translation>添加机柜列(&amp;A)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add &amp;Cooling Unit…</source>
        <translation>添加制冷单元(&amp;C)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add Power &amp;Feed…</source>
        <translation>添加供电回路(&amp;F)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Floor &amp;Tiles and Return Grilles…</source>
        <translation>地板风口与回风口(&amp;T)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Select &amp;Row</source>
        <translation>选择整列(&amp;R)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Autosave &amp;Interval…</source>
        <translation>自动保存间隔(&amp;I)…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Autosave</source>
        <translation>自动保存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Autosave every (seconds, 0 = off):</source>
        <translation>自动保存间隔（秒，0 = 关闭）：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Plan View (Edit)</source>
        <translation>平面图（编辑）(&amp;P)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Top-down plan view where dragging moves racks and rows on the 0.6 m floor tiles</source>
        <translation>俯视平面图：拖动可按 0.6 m 地板网格移动机柜和机柜列</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>R&amp;otate</source>
        <translation>旋转(&amp;O)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Clear Selection</source>
        <translation>取消选择(&amp;C)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Nudge</source>
        <translation>微移(&amp;N)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Left</source>
        <translation>向左</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right</source>
        <translation>向右</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up (+Y)</source>
        <translation>向上（+Y）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Down (−Y)</source>
        <translation>向下（−Y）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 %2 m</source>
        <translation>%1 %2 m</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../app/modules/editing/editing_module.cpp" line="+53"/>
        <source>%1: refused — %2</source>
        <translation>%1：被拒绝 — %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Violations</source>
        <translation>违规项</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;opened&gt;</source>
        <translation>&lt;已打开&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo History</source>
        <translation>撤销历史</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Plan view: drag a rack (or a selected row) to move it, drag on the floor to select racks in a box; Shift+drag pans</source>
        <translation>平面图：拖动机柜（或已选中的机柜列）可移动它，在地面上拖动可框选机柜；Shift+拖动可平移视图</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>%1 is no longer in the scene</source>
        <translation>%1 已不在场景中</translation>
    </message>
</context>
<context>
    <name>myriad::app::FabricModule</name>
    <message>
        <location filename="../app/modules/fabric/fabric_module.cpp" line="+67"/>
        <source>Fabric</source>
        <translation>网络</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Cables: peak utilisation</source>
        <translation>线缆：峰值利用率</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no traffic</source>
        <translation>无流量</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cables</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>The fabric is computed when this dock is shown.</source>
        <translation>显示此面板时才会计算网络。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Computing the fabric…</source>
        <translation>正在计算网络…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No fabric: %1</source>
        <translation>无网络：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Failed: %1 (showing the previous fabric)</source>
        <translation>失败：%1（显示上一次的网络）</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>No fabric path between these GPUs.</source>
        <translation>这些 GPU 之间没有网络路径。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 → %2: %3 hops, %4 equal-cost paths%5, latency ≈ %6 µs (%7 switches × %8 ns + %9 m × %10 ns/m)</source>
        <translation>%1 → %2：%3 跳，%4 条等价路径%5，时延 ≈ %6 µs（%7 台交换机 × %8 ns + %9 m × %10 ns/m）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> (first %1 shown)</source>
        <translation>（显示前 %1 条）</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Path up the fabric: %1 (%2 hops; Ctrl+click another GPU for the paths between them)</source>
        <translation>向上穿过网络的路径：%1（%2 跳；按住 Ctrl 单击另一块 GPU 可查看两者之间的路径）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>This GPU has no NIC in the fabric.</source>
        <translation>此 GPU 在网络中没有网卡。</translation>
    </message>
</context>
<context>
    <name>myriad::app::FabricPanel</name>
    <message>
        <location filename="../app/modules/fabric/fabric_panel.cpp" line="+87"/>
        <source>Show cables</source>
        <translation>显示线缆</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Filter rows (any column)…</source>
        <translation>筛选行（任意列）…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Export BOM CSV…</source>
        <translation>导出物料清单 CSV…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export cut sheet CSV…</source>
        <translation>导出布线表 CSV…</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+170"/>
        <source>All racks</source>
        <translation>所有机柜</translation>
    </message>
    <message>
        <location line="-169"/>
        <source>Show the cables of every rack and tray</source>
        <translation>显示所有机柜和桥架的线缆</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>BOM</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cut sheet</source>
        <translation>布线表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trays</source>
        <translation>桥架</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The fabric is computed when this dock is shown.</source>
        <translation>显示此面板时才会计算网络。</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1 switches · %2 cables · %3 km · %4 transceivers, %5 kW optics · fullest tray %6 %%7%8</source>
        <translation>交换机 %1 · 线缆 %2 · %3 km · 光模块 %4，光模块功耗 %5 kW · 最满桥架 %6 %%7%8</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> · %1 unreachable cables</source>
        <translation> · %1 条线缆不可达</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · %1 tray segments over 50 %</source>
        <translation> · %1 个桥架段填充率超过 50 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Computed in %1 ms</source>
        <translation>计算耗时 %1 ms</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Draw the %1 cables</source>
        <translation>绘制这 %1 条线缆</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Cables of rack %1 (select it in 3D)</source>
        <translation>机柜 %1 的线缆（在三维视图中选中它）</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Cables in tray segment %1 (%2, %3 cables)</source>
        <translation>桥架段 %1 中的线缆（%2，%3 条）</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Cannot export the BOM</source>
        <translation>无法导出物料清单</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cannot export the cut sheet</source>
        <translation>无法导出布线表</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Export BOM</source>
        <translation>导出物料清单</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Export cut sheet</source>
        <translation>导出布线表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
</context>
<context>
    <name>myriad::app::FabricTables</name>
    <message>
        <location filename="../app/modules/fabric/fabric_panel_models.h" line="-157"/>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantity</source>
        <translation>数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unit power W</source>
        <translation>单件功率 W</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total power W</source>
        <translation>总功率 W</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>Cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A device</source>
        <translation>A 端设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A rack</source>
        <translation>A 端机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A unit</source>
        <translation>A 端 U 位</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A port</source>
        <translation>A 端端口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B device</source>
        <translation>B 端设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B rack</source>
        <translation>B 端机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B unit</source>
        <translation>B 端 U 位</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B port</source>
        <translation>B 端端口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Medium</source>
        <translation>介质</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+173"/>
        <source>Length m</source>
        <translation>长度 m</translation>
    </message>
    <message>
        <location line="-41"/>
        <source>Plan for at most 50 % fill at installation; over 100 % the cables do not fit</source>
        <translation>安装时按不超过 50 % 的填充率规划；超过 100 % 线缆将放不下</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Segment</source>
        <translation>桥架段</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cables</source>
        <translation>线缆数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Levels</source>
        <translation>层数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tray</source>
        <translation>桥架</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fill %</source>
        <translation>填充率 %</translation>
    </message>
</context>
<context>
    <name>myriad::app::HallViewController</name>
    <message>
        <location filename="../app/view/hall_view_controller.cpp" line="+128"/>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Power</source>
        <translation>电力</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cooling</source>
        <translation>制冷</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>CRAH</source>
        <translation>精密空调（CRAH）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In-row</source>
        <translation>列间空调</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rear door</source>
        <translation>背板空调</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CDU</source>
        <translation>CDU</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Cold (rack fronts)</source>
        <translation>冷通道（机柜正面）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hot (rack backs)</source>
        <translation>热通道（机柜背面）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mixed</source>
        <translation>混合</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rack cooling</source>
        <translation>机柜制冷方式</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Liquid</source>
        <translation>液冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Immersion</source>
        <translation>浸没式液冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Aisles</source>
        <translation>通道</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Coolers</source>
        <translation>制冷单元</translation>
    </message>
</context>
<context>
    <name>myriad::app::LiveStatusLabel</name>
    <message>
        <location filename="../app/shell/live_status_label.cpp" line="+61"/>
        <source>recomputing %1 on %2…</source>
        <translation>正在 %2 上重算 %1…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 failed</source>
        <translation>%1 失败</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 %2 ms</source>
        <translation>%1 %2 ms</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Live: idle</source>
        <translation>实时：空闲</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live (%1): </source>
        <translation>实时（%1）：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Live: </source>
        <translation>实时：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Models recomputed after each edit, on a worker thread; the last latency of each and the backend that ran it</source>
        <translation>每次编辑后在工作线程上重新计算的模型；显示各模型最近一次的耗时及运行它的后端</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: %2 ms on %3 (%4)</source>
        <translation>%1：%2 ms，运行于 %3（%4）</translation>
    </message>
</context>
<context>
    <name>myriad::app::MainWindow</name>
    <message>
        <location filename="../app/shell/main_window.cpp" line="+52"/>
        <source>Autosaved</source>
        <translation>已自动保存</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open Sa&amp;mple</source>
        <translation>打开示例(&amp;M)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Myriad</source>
        <translation>关于 Myriad(&amp;A)</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Backend: %1</source>
        <translation>计算后端：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The evaluation context of this document: power, heat, cost and reports are evaluated at this load, site and price (set them on the Dashboard)</source>
        <translation>本文档的评估条件：供电、散热、成本和报告均按此负载、站点和电价评估（可在仪表盘中设置）</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+18"/>
        <source>Cannot show the scene</source>
        <translation>无法显示场景</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Myriad — %1[*]</source>
        <translation>Myriad — %1[*]</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1 halls · %2 rows · %3 switches · %4 coolers · %5 feeds</source>
        <translation>机房 %1 · 机柜列 %2 · 交换机 %3 · 制冷单元 %4 · 供电回路 %5</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 ms/frame · detail: %2</source>
        <translation>%1 ms/帧 · 细节：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Average time of a frame in paintGL; %1 racks, %2 servers and switches, %3 GPUs drawn</source>
        <translation>paintGL 中每帧的平均耗时；已绘制 %1 个机柜、%2 台服务器和交换机、%3 块 GPU</translation>
    </message>
    <message>
        <location filename="../app/shell/main_window_file.cpp" line="+15"/>
        <location line="+49"/>
        <location line="+14"/>
        <location line="+101"/>
        <source>Cannot open scene</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <location line="-156"/>
        <source>Opened %1 in %2 ms</source>
        <translation>已打开 %1，耗时 %2 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Opened %1 with %2 problems to fix: see the Violations dock</source>
        <translation>已打开 %1，有 %2 个问题需要修复：请查看“违规项”面板</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Cannot create the sample scene</source>
        <translation>无法创建示例场景</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No sample %1.json in %2</source>
        <translation>%2 中没有示例 %1.json</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Opened sample %1</source>
        <translation>已打开示例 %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+36"/>
        <source>Cannot save scene</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <location line="-32"/>
        <location line="+28"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Open scene</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Save scene as</source>
        <translation>场景另存为</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 has unsaved changes.</source>
        <translation>%1 有未保存的更改。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: the file no longer exists</source>
        <translation>%1：文件已不存在</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>About Myriad</source>
        <translation>关于 Myriad</translation>
    </message>
</context>
<context>
    <name>myriad::app::MoneyAxis</name>
    <message>
        <location filename="../app/shell/number_format.cpp" line="+60"/>
        <source>%1 million</source>
        <translation>百万%1</translation>
    </message>
</context>
<context>
    <name>myriad::app::MultiSelection</name>
    <message>
        <location filename="../app/editing/multi_selection_properties.cpp" line="+36"/>
        <source>1 %1</source>
        <translation>1 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 sites</source>
        <translation>%1 个站点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 halls</source>
        <translation>%1 个机房</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 rows</source>
        <translation>%1 个机柜列</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 racks</source>
        <translation>%1 个机柜</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 nodes</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 GPUs</source>
        <translation>%1 块 GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 switches</source>
        <translation>%1 台交换机</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 coolers</source>
        <translation>%1 台制冷单元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 feeds</source>
        <translation>%1 条供电回路</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 objects</source>
        <translation>%1 个对象</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max IT power (total)</source>
        <translation>最大 IT 功率（合计）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> + %1 unlimited</source>
        <translation> + %1 个不限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Power cap (total)</source>
        <translation>功率上限（合计）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>site</source>
        <translation>站点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>hall</source>
        <translation>机房</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>row</source>
        <translation>机柜列</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cooler</source>
        <translation>制冷单元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>feed</source>
        <translation>供电回路</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>object</source>
        <translation>对象</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>(mixed)</source>
        <translation>（混合）</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>Cooling capacity (total)</source>
        <translation>制冷量（合计）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Feed capacity (total)</source>
        <translation>供电回路容量（合计）</translation>
    </message>
</context>
<context>
    <name>myriad::app::NetboxImportDialog</name>
    <message>
        <location filename="../app/modules/netbox/netbox_import_dialog.cpp" line="+31"/>
        <source>Import from NetBox</source>
        <translation>从 NetBox 导入</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>https://netbox.example.com, or a folder of saved API answers</source>
        <translation>https://netbox.example.com，或保存的 API 应答所在文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder…</source>
        <translation>文件夹…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Saved NetBox answers</source>
        <translation>保存的 NetBox 应答</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>site slug; empty = the only site with racks</source>
        <translation>站点 slug；留空 = 唯一有机柜的站点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>optional parts map (JSON) over the built-in one</source>
        <translation>可选的部件映射（JSON），覆盖内置映射</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NetBox</source>
        <translation>NetBox</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Site</source>
        <translation>站点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parts map</source>
        <translation>部件映射</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open in 3D</source>
        <translation>在 3D 中打开(&amp;O)</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>%1, page %2</source>
        <translation>%1，第 %2 页</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Import cancelled; nothing was opened.</source>
        <translation>导入已取消；未打开任何内容。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Reading %1</source>
        <translation>正在读取 %1</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>floor plan</source>
        <translation>平面图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>custom fields</source>
        <translation>自定义字段</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ASSUMED layout</source>
        <translation>假定布局</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 racks, %2 devices, %3 cables; positions from %4</source>
        <translation>%1 个机柜、%2 台设备、%3 条线缆；位置来自 %4</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>PARTIAL import: objects were left out (listed below). %1</source>
        <translation>部分导入：有对象被略去（见下方列表）。%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Placeholder parts for device types not in the parts map: %1</source>
        <translation>部件映射中没有的设备类型使用占位部件：%1</translation>
    </message>
</context>
<context>
    <name>myriad::app::NetboxModule</name>
    <message>
        <location filename="../app/modules/netbox/netbox_module.cpp" line="+20"/>
        <source>Import from &amp;NetBox…</source>
        <translation>从 &amp;NetBox 导入…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read racks, devices and cables from a NetBox inventory (live or saved API answers) and open them in 3D</source>
        <translation>从 NetBox 资产清单（在线或保存的 API 应答）读取机柜、设备和线缆，并在 3D 中打开</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Imported from NetBox: %1</source>
        <translation>已从 NetBox 导入：%1</translation>
    </message>
</context>
<context>
    <name>myriad::app::PathTraceModule</name>
    <message>
        <location filename="../app/modules/pathtrace/path_trace_module.cpp" line="+43"/>
        <source>Path Trace</source>
        <translation>路径追踪</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>T&amp;race a Path</source>
        <translation>追踪路径(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The path between two GPUs hop by hop: ports, rates, utilisation, latency, and where it goes when a switch or cable fails</source>
        <translation>两块 GPU 之间逐跳的路径：端口、速率、利用率、时延，以及交换机或线缆故障时路径的去向</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Select a GPU in the 3D view or the scene tree first.</source>
        <translation>请先在 3D 视图或场景树中选择一块 GPU。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The fabric changed: press Trace again.</source>
        <translation>网络已更改：请再次按“追踪”。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Choose two GPUs and press Trace.</source>
        <translation>选择两块 GPU，然后按“追踪”。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The scene changed: press Trace again.</source>
        <translation>场景已更改：请再次按“追踪”。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Waiting for the fabric…</source>
        <translation>正在等待网络计算…</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Cannot trace: %1</source>
        <translation>无法追踪：%1</translation>
    </message>
    <message>
        <location line="+47"/>
        <location line="+19"/>
        <source>Choose a hop in the list first.</source>
        <translation>请先在列表中选择一跳。</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>This hop arrives at a NIC, not a switch: fail its cable instead.</source>
        <translation>这一跳到达的是网卡而非交换机：请改为使其线缆故障。</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>cable %1 – %2</source>
        <translation>线缆 %1 – %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Out of service: %1</source>
        <translation>停止服务：%1</translation>
    </message>
</context>
<context>
    <name>myriad::app::PathTracePanel</name>
    <message>
        <location filename="../app/modules/pathtrace/path_trace_panel.cpp" line="+32"/>
        <source>GPU id, e.g. H1-R01-K01-N1-G0</source>
        <translation>GPU 编号，例如 H1-R01-K01-N1-G0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Selected GPU</source>
        <translation>所选 GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the GPU selected in the 3D view or the scene tree</source>
        <translation>采用在 3D 视图或场景树中选中的 GPU</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>From:</source>
        <translation>起点：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To:</source>
        <translation>终点：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Trace</source>
        <translation>追踪(&amp;T)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Choose two GPUs and press Trace.</source>
        <translation>选择两块 GPU，然后按“追踪”。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>From</source>
        <translation>从</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>To</source>
        <translation>到</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rate</source>
        <translation>速率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Latency</source>
        <translation>时延</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Fail Its &amp;Switch</source>
        <translation>使其交换机故障(&amp;S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Take the switch the chosen hop arrives at out of service</source>
        <translation>使所选跳到达的交换机停止服务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fail Its &amp;Cable</source>
        <translation>使其线缆故障(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Take the chosen hop&apos;s cable out of service</source>
        <translation>使所选跳的线缆停止服务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Restore All</source>
        <translation>全部恢复(&amp;R)</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Gb/s</source>
        <translation>Gb/s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>m</source>
        <translation>米</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none (same rack)</source>
        <translation>无（同一机柜）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ns</source>
        <translation>ns</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 → %2: %3 hops, %4 equal-cost paths (%9 drawn). Latency %5 µs one way for one 4096-byte packet without queueing: serialisation %6 ns, cables %7 ns, switches %8 ns.</source>
        <translation>%1 → %2：%3 跳，%4 条等价路径（绘出 %9 条）。一个 4096 字节数据包在无排队时的单程时延为 %5 µs：串行化 %6 ns，线缆 %7 ns，交换机 %8 ns。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Re-routed: the failures moved this flow off its usual path (%1 equal-cost paths with nothing failed).</source>
        <translation>已重新路由：故障使这条流离开了其通常路径（无故障时有 %1 条等价路径）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Run a job in the Traffic dock to see each hop&apos;s utilisation.</source>
        <translation>在“流量”面板中运行一个作业，即可看到每一跳的利用率。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Left out, no catalog figure: %1.</source>
        <translation>未计入（目录中无数值）：%1。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Nothing out of service.</source>
        <translation>没有停止服务的设备。</translation>
    </message>
</context>
<context>
    <name>myriad::app::PlanDragTool</name>
    <message>
        <location filename="../app/editing/plan_drag_tool.cpp" line="+285"/>
        <source>Select racks in %1 × %2 m</source>
        <translation>框选 %1 × %2 m 范围内的机柜</translation>
    </message>
    <message numerus="yes">
        <location line="+47"/>
        <source>%n objects</source>
        <translation>
            <numerusform>%n 个对象</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move %1 by (%2, %3) m</source>
        <translation>将 %1 移动 (%2, %3) m</translation>
    </message>
</context>
<context>
    <name>myriad::app::PreferencesDialog</name>
    <message>
        <location filename="../app/modules/preferences/preferences_dialog.cpp" line="+36"/>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>System default</source>
        <comment>interface language: follow the language of the system</comment>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Follow the language of the system (on this system: %1)</source>
        <translation>跟随系统的语言（本系统：%1）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The new language takes effect when Myriad restarts.</source>
        <translation>新语言将在 Myriad 重新启动后生效。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Interface &amp;language:</source>
        <translation>界面语言(&amp;L)：</translation>
    </message>
</context>
<context>
    <name>myriad::app::PreferencesModule</name>
    <message>
        <location filename="../app/modules/preferences/preferences_module.cpp" line="+30"/>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose the interface language</source>
        <translation>选择界面语言</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>The new interface language takes effect when Myriad restarts</source>
        <translation>新的界面语言将在 Myriad 重新启动后生效</translation>
    </message>
</context>
<context>
    <name>myriad::app::PropertiesPanel</name>
    <message>
        <location filename="../app/modules/selection/properties_panel.cpp" line="+43"/>
        <source>The selection holds several kinds of object: choose which to edit</source>
        <translation>所选内容包含多种对象：请选择要编辑的类型</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Property</source>
        <translation>属性</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Its %1 (the form below sets them all)</source>
        <translation>其中的 %1（下方表单统一设置）</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Edit the %1</source>
        <translation>编辑 %1</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>&lt;b&gt;%1&lt;/b&gt; selected</source>
        <translation>已选择 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Selection totals</source>
        <translation>所选对象合计</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Common to the %1</source>
        <translation>%1 的共同属性</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Select an object in the view or the scene tree.</source>
        <translation>请在视图或场景树中选择一个对象。</translation>
    </message>
</context>
<context>
    <name>myriad::app::ScenarioPanel</name>
    <message>
        <location filename="../app/modules/dashboard/scenario_panel.cpp" line="+108"/>
        <source>Scenarios stored in the scene (variants of inputs and layout)</source>
        <translation>保存在场景中的方案（输入参数与布局的变体）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Highlight differences in 3D</source>
        <translation>在三维视图中高亮差异</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PDF report…</source>
        <translation>PDF 报告…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Executive report of the scene (and the chosen scenario)</source>
        <translation>该场景（及所选方案）面向管理层的报告</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+14"/>
        <source>Scenario</source>
        <translation>方案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Indicator</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Base</source>
        <translation>基准</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Change %</source>
        <translation>变化 %</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Costs: base and scenario</source>
        <translation>成本：基准与方案</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>(base only)</source>
        <translation>（仅基准）</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Cannot compare: %1</source>
        <translation>无法对比：%1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Choose a scenario and press Compare.</source>
        <translation>请选择一个方案，然后点击“对比”。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The scene has no scenarios.</source>
        <translation>该场景没有方案。</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1 — layout: %2 racks added, %3 removed, %4 changed; %5 coolers and %6 feeds differ.</source>
        <translation>%1 — 布局：新增 %2 个机柜，移除 %3 个，更改 %4 个；%5 个制冷单元和 %6 个供电回路不同。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Scenario differences</source>
        <translation>方案差异</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>−1 removed · 0 changed · +1 added</source>
        <translation>−1 移除 · 0 更改 · +1 新增</translation>
    </message>
    <message>
        <location line="+32"/>
        <location line="+35"/>
        <source>No scene to report on.</source>
        <translation>没有可生成报告的场景。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Writing the report (solving the hall at the document&apos;s load and at peak)…</source>
        <translation>正在生成报告（按文档负载和峰值负载求解机房）…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The report was cancelled.</source>
        <translation>报告已取消。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Save PDF report</source>
        <translation>保存 PDF 报告</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
</context>
<context>
    <name>myriad::app::SceneDocument</name>
    <message>
        <location filename="../app/live/scene_document.cpp" line="+30"/>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>A scenario needs a name</source>
        <translation>方案需要名称</translation>
    </message>
</context>
<context>
    <name>myriad::app::SceneSitesPanel</name>
    <message>
        <location filename="../app/modules/siting/scene_sites_panel.cpp" line="+83"/>
        <source>Each site&apos;s halls at its reference site&apos;s climate, tariff and grid, its fabric priced; the DCI links&apos; CAPEX, lease and power added</source>
        <translation>各站点机房按其参考站点的气候、电价和电网计算，并计入其网络成本；另加 DCI 链路的资本支出、租金和功耗</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Wavelengths per direction on every DCI link: a what-if on the scene&apos;s links (the document keeps its own)</source>
        <translation>每条 DCI 链路每个方向的波长数：对场景链路的假设分析（文档保留其自身设置）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hierarchical (every step)</source>
        <translation>分层（每步）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DiLoCo (every H steps)</source>
        <translation>DiLoCo（每 H 步）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Whole replicas per site</source>
        <translation>每个站点放置完整副本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pipeline stages split over two sites</source>
        <translation>流水线阶段拆分到两个站点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whole replicas: the gradients cross the links every step (or every H steps). Split stages: every replica spans two sites and only the activations at the stage boundary cross the link</source>
        <translation>完整副本：梯度每步（或每 H 步）跨链路交换。拆分阶段：每个副本横跨两个站点，只有阶段边界处的激活值经过链路</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Time the job across the sites</source>
        <translation>计算作业跨站点的步长时间</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Site</source>
        <translation>站点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Replicas</source>
        <translation>副本数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Step alone (s)</source>
        <translation>单独每步（秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DP exposed (s)</source>
        <translation>DP 暴露时间（秒）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Step (s)</source>
        <translation>每步（秒）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Job</source>
        <translation>作业</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wavelengths per link</source>
        <translation>每条链路波长数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Placement</source>
        <translation>放置方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Synchronisation</source>
        <translation>同步方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Outer steps H</source>
        <translation>外层步数 H</translation>
    </message>
    <message numerus="yes">
        <location line="+84"/>
        <source>%n site(s), %1 DCI link(s), %2 GPUs</source>
        <translation>
            <numerusform>%n 个站点，%1 条 DCI 链路，%2 块 GPU</numerusform>
        </translation>
    </message>
    <message>
        <location line="+19"/>
        <source>CAPEX %1 (DCI links %2), OPEX %3 per year, %4 per GPU-hour; %5 kt CO₂ per year location-based, %6 kt market-based</source>
        <translation>资本支出 %1（其中 DCI 链路 %2），年运营支出 %3，每 GPU 小时 %4；每年 %5 千吨 CO₂（基于位置），%6 千吨（基于市场）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No economics for the sites: %1</source>
        <translation>无法计算各站点的经济性：%1</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Open a scene with sites and choose a job.</source>
        <translation>请打开含站点的场景并选择一个作业。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Cannot time the job across the sites: %1</source>
        <translation>无法计算作业跨站点的步长时间：%1</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Stage boundary across the sites: %1 GB per micro-batch each way over %2 Gb/s, %3 ms one way: %4 s per micro-batch. Step %5 s.</source>
        <translation>跨站点的阶段边界：每个微批次每个方向 %1 GB，经 %2 Gb/s 链路，单向 %3 毫秒：每个微批次 %4 秒。每步 %5 秒。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Exchange across the sites: %1 GB over %2 Gb/s, %3 ms one way: %4 s. Step %5 s.</source>
        <translation>跨站点交换：%1 GB，经 %2 Gb/s 链路，单向 %3 毫秒：%4 秒。每步 %5 秒。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>One hall of the scene&apos;s design: %1 s; slowdown %2 %.</source>
        <translation>按场景设计的单个机房：%1 秒；减速 %2%。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A 5 % slowdown needs %1 Gb/s per link.</source>
        <translation>要将减速控制在 5% 以内，每条链路需要 %1 Gb/s。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No DCI bandwidth reaches a 5 % slowdown.</source>
        <translation>任何 DCI 带宽都无法将减速控制在 5% 以内。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The job simulated on one hall, the boundary by the 1F1B schedule (CPU reference solver), in %1 s.</source>
        <translation>作业在单个机房上仿真，阶段边界按 1F1B 调度计算（CPU 参考求解器），用时 %1 秒。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Each site simulated on its own fabric (CPU reference solver) in %1 s.</source>
        <translation>各站点在其自身网络上仿真（CPU 参考求解器），用时 %1 秒。</translation>
    </message>
</context>
<context>
    <name>myriad::app::SceneTreeModel</name>
    <message>
        <location filename="../app/modules/selection/scene_tree_model.cpp" line="+310"/>
        <source>Object</source>
        <translation>对象</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Site</source>
        <translation>站点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>site · %n hall(s)</source>
        <translation>
            <numerusform>站点 · %n 个机房</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>hall · %1 × %2 m</source>
        <translation>机房 · %1 × %2 m</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>row · %n rack(s)</source>
        <translation>
            <numerusform>机柜列 · %n 个机柜</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 rack</source>
        <translation>%1 机柜</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 switch · %2</source>
        <translation>%1 交换机 · %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 cooler · %2</source>
        <translation>%1 制冷单元 · %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>power feed · %1</source>
        <translation>供电回路 · %1</translation>
    </message>
</context>
<context>
    <name>myriad::app::SelectionModule</name>
    <message numerus="yes">
        <location filename="../app/modules/selection/selection_module.cpp" line="+41"/>
        <source>%n objects selected (Delete, Ctrl+D, R, arrows, dragging and the Properties form act on all)</source>
        <translation>
            <numerusform>已选择 %n 个对象（Delete、Ctrl+D、R、方向键、拖动和属性表单将作用于全部对象）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Scene</source>
        <translation>场景</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Properties</source>
        <translation>属性</translation>
    </message>
</context>
<context>
    <name>myriad::app::SitingMap</name>
    <message>
        <location filename="../app/modules/siting/siting_map.cpp" line="+119"/>
        <source>Land: Natural Earth 1:110m (public domain)</source>
        <translation>陆地：Natural Earth 1:110m（公有领域）</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1 Gb/s · %2 km · %3 ms</source>
        <translation>%1 Gb/s · %2 km · %3 ms</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>%1: %2 GPUs</source>
        <translation>%1：%2 个 GPU</translation>
    </message>
</context>
<context>
    <name>myriad::app::SitingModule</name>
    <message>
        <location filename="../app/modules/siting/siting_module.cpp" line="+65"/>
        <source>Siting</source>
        <translation>选址</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open S&amp;iting Study…</source>
        <translation>打开选址研究(&amp;I)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where to build: evaluate a siting study (one site or a split over several) and show its options, map and Pareto chart</source>
        <translation>在哪里建设：评估选址研究（单一站点或分布在多个站点），并显示其方案、地图和帕累托图</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open siting study</source>
        <translation>打开选址研究</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Siting study (*.json)</source>
        <translation>选址研究 (*.json)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>S&amp;iting Study</source>
        <translation>选址研究(&amp;I)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Sites</source>
        <translation>站点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Si&amp;tes of the Scene</source>
        <translation>场景站点(&amp;T)</translation>
    </message>
    <message numerus="yes">
        <location line="+30"/>
        <source>This scene has %n site(s): the Sites dock shows them on the map</source>
        <translation>
            <numerusform>此场景有 %n 个站点：“站点”停靠窗口在地图上显示它们</numerusform>
        </translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Cannot open siting study</source>
        <translation>无法打开选址研究</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Siting study %1: %2 options</source>
        <translation>选址研究 %1：%2 个方案</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+8"/>
        <source>Cannot time the job across the sites</source>
        <translation>无法计算作业跨站点的步长时间</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>No job preset called %1 (samples/jobs/).</source>
        <translation>没有名为 %1 的作业预设（samples/jobs/）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The scene has no sites.</source>
        <translation>场景中没有站点。</translation>
    </message>
</context>
<context>
    <name>myriad::app::SitingPanel</name>
    <message>
        <location filename="../app/modules/siting/siting_panel.cpp" line="+117"/>
        <source>DiLoCo: sites synchronise every %1 steps</source>
        <translation>DiLoCo：各站点每 %1 步同步一次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hierarchical data parallelism across sites every step</source>
        <translation>每步跨站点分层数据并行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 GPUs of %3. %4 options evaluated (%5 infeasible) in %6 s; one site: step %7 s; %8; target slowdown %9 %. Money in USD.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %3 的 %2 个 GPU。在 %6 秒内评估了 %4 个方案（%5 个不可行）；单一站点：每步 %7 秒；%8；目标减速 %9%。金额单位为美元。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sites</source>
        <translation>站点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CAPEX (M USD)</source>
        <translation>资本支出（百万美元）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>USD per GPU-hour</source>
        <translation>每 GPU 小时美元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Adjusted for slowdown</source>
        <translation>按减速调整后</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>kt CO₂ location-based</source>
        <translation>千吨 CO₂（基于位置）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>kt CO₂ market-based</source>
        <translation>千吨 CO₂（基于市场）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Water (m³/year)</source>
        <translation>用水量（m³/年）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Step (s)</source>
        <translation>每步（秒）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Slowdown (%)</source>
        <translation>减速（%）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>DCI (Gb/s)</source>
        <translation>DCI（Gb/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Needed for target (Gb/s)</source>
        <translation>达到目标所需（Gb/s）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pareto</source>
        <translation>帕累托</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+1"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unreachable</source>
        <translation>无法达到</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../app/modules/siting/siting_panel_chart.cpp" line="+73"/>
        <source>one site</source>
        <translation>单一站点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>slower, under 5 %</source>
        <translation>减速低于 5%</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>slower 5–10 %</source>
        <translation>减速 5–10%</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>slower ≥ 10 %</source>
        <translation>减速 ≥ 10%</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>No feasible option</source>
        <translation>没有可行方案</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>chosen</source>
        <translation>已选</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>USD/GPU-h, adjusted</source>
        <translation>美元/GPU小时（调整后）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kt CO₂ per year, market-based</source>
        <translation>每年千吨 CO₂（基于市场）</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Cost against carbon; larger markers train slower</source>
        <translation>成本与碳排放；标记越大训练越慢</translation>
    </message>
</context>
<context>
    <name>myriad::app::StatusText</name>
    <message>
        <location filename="../app/shell/status_text.cpp" line="-35"/>
        <source>evaluation context unreadable: defaults</source>
        <translation>评估条件无法读取：使用默认值</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>$%1/kWh</source>
        <translation>$%1/kWh</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>site energy price</source>
        <translation>站点电价</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>at %1 % utilisation · %2 · %3</source>
        <translation>利用率 %1 % · %2 · %3</translation>
    </message>
</context>
<context>
    <name>myriad::app::SweepModule</name>
    <message>
        <location filename="../app/modules/sweep/sweep_module.cpp" line="+26"/>
        <source>Sweep</source>
        <translation>参数扫描</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open S&amp;weep Folder…</source>
        <translation>打开参数扫描文件夹(&amp;W)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show a design-space sweep&apos;s results (myriad-cli sweep): a table and a Pareto chart; a row opens its scenario</source>
        <translation>显示设计空间参数扫描的结果（myriad-cli sweep）：表格和帕累托图；双击一行可打开其场景</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open sweep folder</source>
        <translation>打开参数扫描文件夹</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>S&amp;weep Results</source>
        <translation>参数扫描结果(&amp;W)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cannot open sweep</source>
        <translation>无法打开参数扫描</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>sweep scenario %1</source>
        <translation>扫描场景 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot open scenario %1</source>
        <translation>无法打开场景 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Opened scenario %1 of %2</source>
        <translation>已打开 %2 的场景 %1</translation>
    </message>
</context>
<context>
    <name>myriad::app::SweepPanel</name>
    <message>
        <location filename="../app/modules/sweep/sweep_panel.cpp" line="+39"/>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No sweep open. File ▸ Open Sweep Folder… shows a folder planned with myriad-cli sweep plan.</source>
        <translation>尚未打开参数扫描。“文件 ▸ 打开参数扫描文件夹…”可显示用 myriad-cli sweep plan 规划的文件夹。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the selected scenario&apos;s hall in 3D (as an unsaved document)</source>
        <translation>在三维视图中打开所选场景的机房（作为未保存的文档）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>X axis</source>
        <translation>X 轴</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Y axis</source>
        <translation>Y 轴</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>%1: %2 scenarios, %3 ok, %4 failed, %5 not run</source>
        <translation>%1：%2 个场景，%3 个成功，%4 个失败，%5 个未运行</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../app/modules/sweep/sweep_panel_chart.cpp" line="+76"/>
        <source>No KPIs to chart yet</source>
        <translation>暂无可绘制的指标</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Scenarios</source>
        <translation>场景</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Pareto front: %1 of %2 scenarios</source>
        <translation>帕累托前沿：%2 个场景中的 %1 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The front joins the scenarios no other one beats on both axes (X: %1 is better; Y: %2 is better)</source>
        <translation>前沿连接在两个轴上都不被其他场景超越的场景（X：%1 更好；Y：%2 更好）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>higher</source>
        <translation>越高</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>lower</source>
        <translation>越低</translation>
    </message>
</context>
<context>
    <name>myriad::app::TelemetryModule</name>
    <message>
        <location filename="../app/modules/telemetry/telemetry_module.cpp" line="+109"/>
        <source>Telemetry</source>
        <translation>遥测</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Import &amp;Telemetry…</source>
        <translation>导入遥测数据(&amp;T)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import DCGM/Prometheus, nvidia-smi CSV or Redfish snapshot files</source>
        <translation>导入 DCGM/Prometheus、nvidia-smi CSV 或 Redfish 快照文件</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Import telemetry</source>
        <translation>导入遥测数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Telemetry (*.prom *.txt *.metrics *.json *.csv);;All files (*)</source>
        <translation>遥测数据 (*.prom *.txt *.metrics *.json *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>No telemetry could be read from these files: see the problems listed in the Telemetry dock</source>
        <translation>未能从这些文件读取任何遥测数据：请查看“遥测”面板中列出的问题</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Telemetry imported with %1 problems: see the list in the Telemetry dock</source>
        <translation>遥测数据已导入，有 %1 个问题：请查看“遥测”面板中的列表</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Scenario not added: %1</source>
        <translation>未添加方案：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no calibration</source>
        <translation>没有校准结果</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scenario &quot;%1&quot; added to the scene (Edit → Undo removes it); compare it in the Dashboard</source>
        <translation>方案“%1”已添加到场景（编辑 → 撤销可将其移除）；可在仪表盘中对比</translation>
    </message>
</context>
<context>
    <name>myriad::app::TelemetryPanel</name>
    <message>
        <location filename="../app/modules/telemetry/telemetry_panel.cpp" line="+41"/>
        <location line="+53"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location line="-52"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Source</source>
        <translation>数据源</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import files…</source>
        <translation>导入文件…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DCGM/Prometheus text, Prometheus API JSON, nvidia-smi CSV, Redfish JSON</source>
        <translation>DCGM/Prometheus 文本、Prometheus API JSON、nvidia-smi CSV、Redfish JSON</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Import telemetry</source>
        <translation>导入遥测数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Telemetry (*.prom *.txt *.metrics *.json *.csv);;All files (*)</source>
        <translation>遥测数据 (*.prom *.txt *.metrics *.json *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>http://host:9400/metrics, a Prometheus query URL or a folder</source>
        <translation>http://host:9400/metrics、Prometheus 查询 URL 或文件夹</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Connection…</source>
        <translation>连接…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CA bundle, bearer or basic authentication, OS keychain</source>
        <translation>CA 证书包、Bearer 或 Basic 认证、系统钥匙串</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Live:</source>
        <translation>实时：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every:</source>
        <translation>间隔：</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../app/modules/telemetry/telemetry_panel_connection.cpp" line="+112"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Snapshots</source>
        <translation>快照</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Follow newest</source>
        <translation>跟随最新</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No telemetry yet: import files or start a live source.</source>
        <translation>暂无遥测数据：请导入文件或启动实时数据源。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Object</source>
        <translation>对象</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: no samples</source>
        <translation>%1：无样本</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: %2 rows rejected, first: %3</source>
        <translation>%1：拒绝了 %2 行，第一条：%3</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Live source: enter an http(s) URL or a folder path</source>
        <translation>实时数据源：请输入 http(s) URL 或文件夹路径</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Live source: %1 is not a valid URL (%2)</source>
        <translation>实时数据源：%1 不是有效的 URL（%2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Live source: %1 is neither an http(s) URL nor an existing folder</source>
        <translation>实时数据源：%1 既不是 http(s) URL，也不是已存在的文件夹</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 · %2 · %3 samples%4</source>
        <translation>%1 · %2 · %3 个样本%4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> · %1 errors</source>
        <translation> · %1 个错误</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>%1 · %2
GPUs with data %3 / %4 (%5 %), nodes %6 / %7; %8 unmapped entities; %9 dead GPUs, %10 without data; mean %11 °C, max %12 °C, %13</source>
        <translation>%1 · %2
有数据的 GPU %3 / %4（%5 %），节点 %6 / %7；%8 个未映射实体；%9 块故障 GPU，%10 块无数据；平均 %11 °C，最高 %12 °C，%13</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>
Mapped and coloured in %1 ms (map %2, summary %3 ms)</source>
        <translation>
映射与着色耗时 %1 ms（映射 %2，汇总 %3 ms）</translation>
    </message>
    <message>
        <location filename="../app/modules/telemetry/telemetry_panel_diagnostics.cpp" line="+43"/>
        <source>Import problems</source>
        <translation>导入问题</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Severity</source>
        <translation>级别</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 more problems not listed</source>
        <translation>另有 %1 个问题未列出</translation>
    </message>
    <message>
        <location filename="../app/modules/telemetry/telemetry_panel_residuals.cpp" line="+18"/>
        <source>Model vs measured</source>
        <translation>模型与实测对比</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compare &amp;&amp; calibrate</source>
        <translation>对比并校准</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Solve the thermal model (0.5 m cells), compare with the snapshot and fit GPU idle/peak power and the supply offset</source>
        <translation>求解热模型（0.5 m 网格），与快照对比，并拟合 GPU 空闲/峰值功率和送风温度偏差</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save scenario…</source>
        <translation>保存方案…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add to scene as scenario</source>
        <translation>作为方案添加到场景</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add the calibrated parameters to the open scene as a named scenario (undoable); the Dashboard&apos;s scenario selector then compares it with the base</source>
        <translation>将校准后的参数作为命名方案添加到当前场景（可撤销）；之后可在仪表盘的方案选择器中将其与基准对比</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Save calibrated scenario</source>
        <translation>保存校准方案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Compare: open a scene and load a snapshot first</source>
        <translation>对比：请先打开场景并加载快照</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Compare: no worker to run on</source>
        <translation>对比：没有可用的工作线程</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Solving the thermal model and fitting…</source>
        <translation>正在求解热模型并拟合…</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Comparison failed: %1</source>
        <translation>对比失败：%1</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1: idle %2 ± %3 W (catalog %4), peak %5 ± %6 W (catalog %7); RMS %8 → %9 W</source>
        <translation>%1：空闲 %2 ± %3 W（目录值 %4），峰值 %5 ± %6 W（目录值 %7）；RMS %8 → %9 W</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Supply offset %1 ± %2 K (setpoint correction %3 K), recirculation gain %4%5; inlet RMS %6 → %7 K</source>
        <translation>送风温度偏差 %1 ± %2 K（设定值修正 %3 K），回流增益 %4%5；进风 RMS %6 → %7 K</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (not fitted)</source>
        <translation>（未拟合）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No calibration to save: run Compare &amp;&amp; calibrate first</source>
        <translation>没有可保存的校准结果：请先运行“对比并校准”</translation>
    </message>
    <message>
        <location filename="../app/modules/telemetry/telemetry_panel_connection.cpp" line="-82"/>
        <source>Telemetry connection</source>
        <translation>遥测连接</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>How Myriad connects to %1. TLS certificates are always verified; secrets are kept in memory or in the OS keychain, never in files.</source>
        <translation>Myriad 如何连接到 %1。TLS 证书始终经过验证；密钥保存在内存或系统钥匙串中，从不写入文件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the live source</source>
        <translation>实时数据源</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Connection: %1</source>
        <translation>连接：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+10"/>
        <source>Live source: %1</source>
        <translation>实时数据源：%1</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>reading the secret from the keychain…</source>
        <translation>正在从钥匙串读取密钥…</translation>
    </message>
</context>
<context>
    <name>myriad::app::TelemetryPoller</name>
    <message>
        <location filename="../app/modules/telemetry/telemetry_poller.cpp" line="+81"/>
        <source>polling %1</source>
        <translation>正在轮询 %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>watching %1</source>
        <translation>正在监视 %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <location line="+8"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>connecting</source>
        <translation>正在连接</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>live</source>
        <translation>实时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>retrying</source>
        <translation>正在重试</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Telemetry: off</source>
        <translation>遥测：关闭</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Telemetry: connecting…</source>
        <translation>遥测：正在连接…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Telemetry: live · %1</source>
        <translation>遥测：实时 · %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Telemetry: retry in %1 s (%2 failures)</source>
        <translation>遥测：%1 s 后重试（已失败 %2 次）</translation>
    </message>
    <message>
        <location line="+67"/>
        <location line="+9"/>
        <source>response larger than %1 MiB refused</source>
        <translation>响应超过 %1 MiB，已拒绝</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>no complete response within %1 s (timeout)</source>
        <translation>%1 s 内未收到完整响应（超时）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>folder %1 does not exist</source>
        <translation>文件夹 %1 不存在</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>no new file</source>
        <translation>没有新文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>waiting for a snapshot file</source>
        <translation>正在等待快照文件</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is larger than %2 MiB</source>
        <translation>%1 大于 %2 MiB</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>reading %1 was cancelled</source>
        <translation>读取 %1 已取消</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cannot parse %1: %2</source>
        <translation>无法解析 %1：%2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>no samples</source>
        <translation>无样本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>malformed response: %1</source>
        <translation>响应格式错误：%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 samples, %2 diagnostics</source>
        <translation>%1 个样本，%2 条诊断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 samples</source>
        <translation>%1 个样本</translation>
    </message>
</context>
<context>
    <name>myriad::app::ThermalModule</name>
    <message>
        <location filename="../app/modules/thermal/thermal_module.cpp" line="+125"/>
        <source>Thermal</source>
        <translation>热分析</translation>
    </message>
    <message>
        <location line="+164"/>
        <source>Air at x %1, y %2, z %3 m: %4 °C, %5 m/s</source>
        <translation>x %1, y %2, z %3 m 处的空气：%4 °C，%5 m/s</translation>
    </message>
</context>
<context>
    <name>myriad::app::ThermalPanel</name>
    <message>
        <location filename="../app/modules/thermal/thermal_panel.cpp" line="+61"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Coolers</source>
        <translation>制冷单元</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not solved yet: open a hall, then press Solve</source>
        <translation>尚未求解：请打开机房，然后点击“求解”</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Solve</source>
        <translation>求解</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Solve the air flow and temperature of the hall</source>
        <translation>求解机房的气流和温度</translation>
    </message>
    <message>
        <location line="+9"/>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../app/modules/thermal/thermal_panel_live.cpp" line="+38"/>
        <source>Grid cell edge: smaller is finer and slower</source>
        <translation>网格单元边长：越小越精细，也越慢</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cell</source>
        <translation>网格</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Show field</source>
        <translation>显示场</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Arrows</source>
        <translation>箭头</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Air velocity on the horizontal slice</source>
        <translation>水平切片上的风速</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Streamlines</source>
        <translation>流线</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Paths of the air from the cooling supplies, coloured by temperature</source>
        <translation>从制冷送风口出发的气流路径，按温度着色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colour racks by inlet</source>
        <translation>按进风温度为机柜着色</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Slice height</source>
        <translation>切片高度</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Along X (rows)</source>
        <translation>沿 X（机柜列方向）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Along Y (across)</source>
        <translation>沿 Y（横穿机柜列）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Vertical slice</source>
        <translation>垂直切片</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> °C</source>
        <translation> °C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Temperature of the surface (27 °C: ASHRAE A1 recommended limit)</source>
        <translation>等值面温度（27 °C：ASHRAE A1 推荐上限）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Isosurface</source>
        <translation>等值面</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Not solved yet: open this dock or press Solve</source>
        <translation>尚未求解：请打开此面板或点击“求解”</translation>
    </message>
    <message>
        <location line="+26"/>
        <location filename="../app/modules/thermal/thermal_panel_live.cpp" line="+36"/>
        <source>Waiting for the live thermal solve of this edit…</source>
        <translation>正在等待此次编辑的实时热求解…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The scene changed: open this dock to see the live field</source>
        <translation>场景已更改：打开此面板可查看实时温度场</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The scene changed: Solve to update</source>
        <translation>场景已更改：点击“求解”以更新</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Hall %1</source>
        <translation>机房 %1</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>No hall to solve</source>
        <translation>没有可求解的机房</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No worker to solve on</source>
        <translation>没有可用于求解的工作线程</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Solving again (the scene changed)…</source>
        <translation>正在重新求解（场景已更改）…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Solving hall %1 (cells of %2 m)…</source>
        <translation>正在求解机房 %1（网格 %2 m）…</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Failed: %1 (showing the previous result)</source>
        <translation>失败：%1（显示上一次的结果）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>solved by the live loop in %1 s on %2</source>
        <translation>由实时循环在 %2 上求解，耗时 %1 s</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>solved in %1 s on %2</source>
        <translation>在 %2 上求解，耗时 %1 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hall %1 at %2 utilisation: %3 cells of %4 m, %5 (flow %6, temperature %7 iterations)</source>
        <translation>机房 %1，利用率 %2：%3 个 %4 m 网格，%5（气流迭代 %6 次，温度迭代 %7 次）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The grid has whole cells: the hall is solved %1 × %2 × %3 m (it is %4 × %5 × %6 m).</source>
        <translation>网格由整数个单元组成：机房按 %1 × %2 × %3 m 求解（实际为 %4 × %5 × %6 m）。</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>%1 m</source>
        <translation>%1 m</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 = %2 m</source>
        <translation>%1 = %2 m</translation>
    </message>
    <message>
        <location filename="../app/modules/thermal/thermal_panel_live.cpp" line="-39"/>
        <source>Grid cell edge: at %1 m the dock shows the live field (solved once per edit); another edge is solved on demand (smaller is finer and slower)</source>
        <translation>网格单元边长：为 %1 m 时面板显示实时温度场（每次编辑求解一次）；其他边长按需求解（越小越精细，也越慢）</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>The live loop has no field of this hall yet</source>
        <translation>实时循环尚未得到该机房的温度场</translation>
    </message>
    <message>
        <location filename="../app/modules/thermal/thermal_panel_results.cpp" line="+144"/>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Inlet
mean °C</source>
        <translation>进风
平均 °C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inlet °C bottom /
middle / top</source>
        <translation>进风 °C 下 /
中 / 上</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Exhaust
°C</source>
        <translation>出风
°C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ASHRAE
A1</source>
        <translation>ASHRAE
A1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cooler</source>
        <translation>制冷单元</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Load
kW</source>
        <translation>负载
kW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capacity
kW</source>
        <translation>制冷量
kW</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Load
%</source>
        <translation>负载率
%</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Return
°C</source>
        <translation>回风
°C</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&gt; 32 °C</source>
        <translation>&gt; 32 °C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&gt; 27 °C</source>
        <translation>&gt; 27 °C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Hottest intake cell %1 °C</source>
        <translation>最热进风网格 %1 °C</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>recirculation</source>
        <translation>回流</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bypass</source>
        <translation>旁通</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Rack inlet temperature</source>
        <translation>机柜进风温度</translation>
    </message>
</context>
<context>
    <name>myriad::app::TourPanel</name>
    <message>
        <location filename="../app/modules/training/tour_panel.cpp" line="+67"/>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Click your answer in the 3D view.</source>
        <translation>请在三维视图中点选你的答案。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Answer</source>
        <translation>作答(&amp;A)</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&amp;Back</source>
        <translation>上一步(&amp;B)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Previous step (Page Up)</source>
        <translation>上一步（Page Up）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Next</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next step (Page Down)</source>
        <translation>下一步（Page Down）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Restart</source>
        <translation>重新开始(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;End Tour</source>
        <translation>结束导览(&amp;E)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Right.</source>
        <translation>正确。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Not quite.</source>
        <translation>不太对。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 %2</source>
        <translation>%1%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Score: %1 right of %2 answered (%3 questions)</source>
        <translation>得分：已答 %2 题，答对 %1 题（共 %3 题）</translation>
    </message>
</context>
<context>
    <name>myriad::app::TourRecorder</name>
    <message>
        <location filename="../app/modules/training/tour_recorder.cpp" line="+52"/>
        <source>Cannot record: no tour is playing, or the folder %1 cannot be made</source>
        <translation>无法录制：没有正在播放的导览，或无法创建文件夹 %1</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>Recorded %1 steps in %2 frames to %3 (no ffmpeg on the PATH: PNG frames and frames.txt only)</source>
        <translation>已将 %1 步录制为 %2 帧，保存到 %3（PATH 中没有 ffmpeg：只有 PNG 帧和 frames.txt）</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Recorded %1 steps in %2 frames to %3, and %4</source>
        <translation>已将 %1 步录制为 %2 帧，保存到 %3，并生成 %4</translation>
    </message>
</context>
<context>
    <name>myriad::app::TrafficModule</name>
    <message>
        <location filename="../app/modules/traffic/traffic_module.cpp" line="+41"/>
        <source>Traffic</source>
        <translation>流量</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>The scene changed: press Run again.</source>
        <translation>场景已更改：请再次点击“运行”。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose a job and press Run.</source>
        <translation>请选择作业并点击“运行”。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Select a switch in the 3D view or the scene tree first.</source>
        <translation>请先在三维视图或场景树中选择一台交换机。</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Job</source>
        <comment>legend title: GPUs coloured by training job</comment>
        <translation>作业</translation>
    </message>
    <message>
        <location filename="../app/modules/traffic/traffic_trace.cpp" line="+41"/>
        <source>Export Step &amp;Trace for Perfetto…</source>
        <translation>导出训练步 Trace（Perfetto）(&amp;T)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write the last traffic run&apos;s training step as a Chrome trace (open it in ui.perfetto.dev or chrome://tracing)</source>
        <translation>将最近一次流量仿真的训练步写为 Chrome trace（可在 ui.perfetto.dev 或 chrome://tracing 中打开）</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+19"/>
        <source>Run a job in the Traffic dock first.</source>
        <translation>请先在“流量”面板中运行作业。</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Export Step Trace</source>
        <translation>导出训练步 Trace</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chrome traces (*.json)</source>
        <translation>Chrome trace (*.json)</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Writing the step trace to %1…</source>
        <translation>正在将训练步 trace 写入 %1…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cannot export the step trace</source>
        <translation>无法导出训练步 trace</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Wrote %1: %2 events, %3 MB (tracks: %4)</source>
        <translation>已写入 %1：%2 个事件，%3 MB（轨道：%4）</translation>
    </message>
</context>
<context>
    <name>myriad::app::TrafficPanel</name>
    <message>
        <location filename="../app/modules/traffic/traffic_panel.cpp" line="+79"/>
        <source>Where the selected job&apos;s GPUs are in the hall</source>
        <translation>所选作业的 GPU 在机房中的放置方式</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ECMP (one hashed path per flow)</source>
        <translation>ECMP（每条流按哈希选一条路径）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spray (flow split over all equal-cost paths)</source>
        <translation>包喷洒（流量分散到所有等价路径）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rail-local (NVLink to the destination&apos;s rail first)</source>
        <translation>轨道本地（先经 NVLink 转到目标所在轨道）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How the selected job&apos;s fabric flows are routed</source>
        <translation>所选作业的网络流量如何路由</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add job file…</source>
        <translation>添加作业文件…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fail selected switch</source>
        <translation>模拟所选交换机故障</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the switch selected in the 3D view or the scene tree out of service; traffic is rerouted over the remaining paths</source>
        <translation>使在三维视图或场景树中选中的交换机退出服务；流量将改经其余路径</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clear failures</source>
        <translation>清除故障</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+231"/>
        <source>No failed switches</source>
        <translation>没有故障交换机</translation>
    </message>
    <message>
        <location line="-229"/>
        <location line="+7"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Choose a job and press Run.</source>
        <translation>请选择作业并点击“运行”。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Job</source>
        <translation>作业</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../app/modules/traffic/traffic_panel_results.cpp" line="+156"/>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Exposed comm.</source>
        <translation>未掩盖通信</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+10"/>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Interference</source>
        <translation>干扰</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>What changes it most?</source>
        <translation>什么影响最大？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Simulate the selected job again with one factor changed at a time (routing, placement, message size, oversubscription of the links above the leaves) and rank the changes</source>
        <translation>每次只改变一个因素（路由、放置、消息大小、叶交换机以上链路的收敛比）重新仿真所选作业，并对这些改动排序</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change in step</source>
        <translation>单步变化</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Factor</source>
        <translation>因素</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Change</source>
        <translation>改动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Members</source>
        <translation>成员数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bytes/GPU</source>
        <translation>字节/GPU</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Exposed</source>
        <translation>未掩盖</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bus BW</source>
        <translation>总线带宽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Peak utilisation</source>
        <translation>峰值利用率</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Placement</source>
        <translation>放置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Routing</source>
        <translation>路由</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Breakdown</source>
        <translation>分解</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hottest cables</source>
        <translation>最繁忙线缆</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Add a training job</source>
        <translation>添加训练作业</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job files (*.json)</source>
        <translation>作业文件 (*.json)</translation>
    </message>
    <message>
        <location line="+92"/>
        <source>Cannot read the job</source>
        <translation>无法读取作业</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 — %2 GPUs (TP %3 · PP %4 · DP %5%6)</source>
        <translation>%1 — %2 块 GPU（TP %3 · PP %4 · DP %5%6）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> · EP %1</source>
        <translation> · EP %1</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <location filename="../app/modules/traffic/traffic_panel_sensitivity.cpp" line="+73"/>
        <source>No worker to simulate on.</source>
        <translation>没有可用于仿真的工作线程。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This scene has no fabric to run on.</source>
        <translation>该场景没有可供运行的网络。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tick at least one job.</source>
        <translation>请至少勾选一个作业。</translation>
    </message>
    <message numerus="yes">
        <location line="+31"/>
        <source>Simulating %n job(s) on the fabric…</source>
        <translation>
            <numerusform>正在网络上仿真 %n 个作业…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Simulation failed: %1 (showing the previous result)</source>
        <translation>仿真失败：%1（显示上一次的结果）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Simulation failed: %1</source>
        <translation>仿真失败：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Traffic simulation failed</source>
        <translation>流量仿真失败</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Simulated %n job(s) in %1 ms on %3%2.</source>
        <translation>
            <numerusform>已在 %3 上仿真 %n 个作业%2，耗时 %1 ms。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source> with %n switch(es) failed</source>
        <translation>
            <numerusform>（%n 台交换机故障）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/modules/traffic/traffic_panel_results.cpp" line="-98"/>
        <source>%1 of it is latency (α: launches, hops, protocol steps)</source>
        <translation>其中 %1 为时延（α：内核启动、跳数、协议步骤）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Model FLOPs per step / (step time × GPUs × BF16 peak): an output of the model, comparable with published MFUs</source>
        <translation>每步模型 FLOPs / (单步耗时 × GPU 数 × BF16 峰值算力)：模型的计算结果，可与公开发布的 MFU 对比</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 days, %2 MWh</source>
        <translation>%1 天，%2 MWh</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>One training step</source>
        <translation>一个训练步</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 exposed</source>
        <translation>%1 未掩盖</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <location filename="../app/modules/traffic/traffic_panel_sensitivity.cpp" line="-20"/>
        <source>compute %1</source>
        <translation>计算 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bubble %1</source>
        <translation>气泡 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>exposed %1 %2</source>
        <translation>未掩盖 %1 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, step %2: %3; latency %4 of the step; MFU %5</source>
        <translation>%1，单步 %2：%3；时延占单步 %4；MFU %5</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Run a job first, then ask what changes it most.</source>
        <translation>请先运行作业，再分析什么影响最大。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Ranking what changes the step of %1 most (9 runs at most)…</source>
        <translation>正在排序对 %1 单步耗时影响最大的因素（最多运行 9 次）…</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Ranking failed: %1</source>
        <translation>排序失败：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Traffic sensitivity failed</source>
        <translation>流量敏感性分析失败</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Ranked %n change(s) of %1 in %2 s (one factor at a time, the job alone).</source>
        <translation>
            <numerusform>已对 %1 的 %n 项改动排序，耗时 %2 s（每次一个因素，仅该作业）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+31"/>
        <source>not possible</source>
        <translation>不可行</translation>
    </message>
</context>
<context>
    <name>myriad::app::TrainingModule</name>
    <message>
        <location filename="../app/modules/training/training_module.cpp" line="+65"/>
        <source>Tour</source>
        <translation>导览</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>&amp;Next Step</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Previous Step</source>
        <translation>上一步(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Restart Tour</source>
        <translation>重新开始导览(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;End Tour</source>
        <translation>结束导览(&amp;E)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Presenter &amp;View</source>
        <translation>演示视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Full screen with the tour in large type; F5 or Esc leaves it</source>
        <translation>全屏并以大字显示导览；按 F5 或 Esc 退出</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>&amp;Training</source>
        <translation>培训(&amp;T)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&amp;Open Tour…</source>
        <translation>打开导览(&amp;O)…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open Tour</source>
        <translation>打开导览</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Myriad tours (*.json)</source>
        <translation>Myriad 导览 (*.json)</translation>
    </message>
    <message>
        <location line="+38"/>
        <location line="+9"/>
        <location line="+23"/>
        <source>Cannot open tour</source>
        <translation>无法打开导览</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>%1: /scene: no sample or scene file &quot;%2&quot;</source>
        <translation>%1：/scene：没有名为“%2”的示例或场景文件</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: the scene %2: %3</source>
        <translation>%1：场景 %2：%3</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Tour: %1 (your document comes back when the tour ends)</source>
        <translation>导览：%1（导览结束后恢复你的文档）</translation>
    </message>
    <message>
        <location filename="../app/modules/training/training_steps.cpp" line="+150"/>
        <source>%1, step %2, %3: %4</source>
        <translation>%1，第 %2 步，%3：%4</translation>
    </message>
    <message>
        <location line="+258"/>
        <source>Tour step %1</source>
        <translation>导览第 %1 步</translation>
    </message>
</context>
<context>
    <name>myriad::app::ViewModule</name>
    <message>
        <location filename="../app/modules/view/view_module.cpp" line="+45"/>
        <source>&amp;Top</source>
        <translation>俯视(&amp;T)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Plan view of the hall from above</source>
        <translation>从上方俯视机房的平面图</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Isometric</source>
        <translation>等轴测(&amp;I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whole hall from a corner, 35° above the floor</source>
        <translation>从一角、高于地面 35° 俯瞰整个机房</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Aisle walk</source>
        <translation>通道漫游(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Eye height in the first cold aisle</source>
        <translation>位于第一条冷通道中的人眼高度</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>View</source>
        <translation>视图</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> Camera: </source>
        <translation> 相机：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rack kind</source>
        <translation>机柜类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power density</source>
        <translation>功率密度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cooling</source>
        <translation>制冷方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attribute that colours the racks</source>
        <translation>用于机柜着色的属性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> Colour by: </source>
        <translation> 着色依据：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Level of detail; Auto follows the camera distance</source>
        <translation>细节层次；“自动”随相机距离变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> Detail: </source>
        <translation> 细节：</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Overlay: %1</source>
        <translation>叠加层：%1</translation>
    </message>
</context>
<context>
    <name>myriad::app::ViolationsPanel</name>
    <message>
        <location filename="../app/modules/editing/violations_panel.cpp" line="+31"/>
        <source>Object</source>
        <translation>对象</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>(scene)</source>
        <translation>（场景）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No violations.</source>
        <translation>无违规项。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 errors · %2 warnings</source>
        <translation>错误 %1 · 警告 %2</translation>
    </message>
</context>
</TS>
