package sensor.console;

import java.io.IOException;
import java.io.PrintWriter;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.apache.felix.webconsole.servlet.AbstractServlet;

/**
 * The Web Console's "Simulations" page ({@code /system/console/simulations}): every simulation with its scenario,
 * simulated time, real-time factor, output folder and sizes, its sensors, controllers and materials with their types
 * and states, and its interruptions, polled once a second from {@link SimulationsApi}; forms upload a scenario or a
 * plugin bundle and buttons stop a simulation. Messages of refused uploads (a scenario's line included) show on the page.
 */
final class SimulationsPage extends AbstractServlet {
    static final String LABEL = "simulations";
    private static final long serialVersionUID = 1L;

    @Override
    public void renderContent(HttpServletRequest req, HttpServletResponse res) throws IOException {
        PrintWriter w = res.getWriter();
        w.print(HTML.replace("API", SimulationsApi.PATH));
    }

    private static final String HTML = """
            <style>
              #sims table { width: 100%; margin-bottom: 1em }
              #sims td, #sims th { padding: 2px 6px; text-align: left }
              .waiting, .detached { color: #a15c00 } .running { color: #1d6b1d } .failed { color: #b00020 }
              #message { white-space: pre-wrap; margin: .5em 0; font-weight: bold }
              #message.error { color: #b00020 }
            </style>
            <div id="sensorsim-simulations">
              <p class="statline">Simulations of this service. Scenario files and plugin bundles sent here go into the
                deploy folder (<span id="deploy"></span>), as if dropped there.</p>
              <form id="scenario-form">Scenario (.yaml, .yml, .json): <input type="file" id="scenario-file"
                accept=".yaml,.yml,.json"> <button type="submit" id="scenario-send">Start</button></form>
              <form id="bundle-form">Plugin bundle (.jar): <input type="file" id="bundle-file" accept=".jar">
                <button type="submit" id="bundle-send">Install</button></form>
              <div id="message"></div>
              <div id="sims">no simulation yet</div>
            </div>
            <script>
            (function () {
              const api = 'API';
              const esc = s => String(s).replace(/[&<>"']/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c]));
              const size = b => b < 1024 ? b + ' B' : b < 1048576 ? (b / 1024).toFixed(1) + ' KiB' : (b / 1048576).toFixed(1) + ' MiB';
              function say(text, error) {
                const m = document.getElementById('message');
                m.textContent = text; m.className = error ? 'error' : '';
              }
              async function send(kind, file) {
                if (!file) { say('choose a file first', true); return; }
                const r = await fetch(api + '/' + kind + '?name=' + encodeURIComponent(file.name),
                    {method: 'POST', body: file, credentials: 'same-origin'});
                const body = await r.json().catch(() => ({error: r.status + ' ' + r.statusText}));
                say(body.error || body.message, !r.ok);
                refresh();
              }
              async function stop(name) {
                const r = await fetch(api + '/stop?name=' + encodeURIComponent(name), {method: 'POST', credentials: 'same-origin'});
                const body = await r.json().catch(() => ({error: r.status + ' ' + r.statusText}));
                say(body.error || body.message, !r.ok);
                refresh();
              }
              document.getElementById('scenario-form').onsubmit = e => { e.preventDefault(); send('scenario', document.getElementById('scenario-file').files[0]); };
              document.getElementById('bundle-form').onsubmit = e => { e.preventDefault(); send('bundle', document.getElementById('bundle-file').files[0]); };
              function render(status) {
                document.getElementById('deploy').textContent = status.deploy;
                if (!status.simulations.length) { document.getElementById('sims').textContent = 'no simulation yet'; return; }
                let h = '';
                for (const s of status.simulations) {
                  h += '<h3 class="sim" data-name="' + esc(s.name) + '">' + esc(s.name) + ' <span class="state ' + esc(s.state) + '">'
                    + esc(s.state) + '</span>' + (s.state === 'running' ? ' <button class="stop" data-name="' + esc(s.name)
                    + '">Stop</button>' : '') + '</h3>';
                  h += '<table class="nicetable"><tr><th>scenario</th><td>' + esc(s.scenario) + '</td></tr>'
                    + '<tr><th>simulated time</th><td class="time">' + s.time.toFixed(2) + ' of ' + s.duration + ' s</td></tr>'
                    + '<tr><th>real-time factor</th><td class="rtf">' + s.realTimeFactor.toFixed(2) + '</td></tr>'
                    + '<tr><th>output</th><td>' + esc(s.out) + ': ' + s.files + ' files, ' + size(s.bytes)
                    + (s.previous ? '; the files of the previous run moved to ' + esc(s.previous) : '') + '</td></tr></table>';
                  h += '<table class="nicetable members"><tr><th>kind</th><th>id</th><th>type</th><th>state</th></tr>';
                  for (const m of s.members) {
                    h += '<tr class="member" data-id="' + esc(m.id) + '"><td>' + esc(m.kind) + '</td><td>' + esc(m.id) + '</td><td>'
                      + esc(m.type) + '</td><td class="' + esc(m.state.split(' ')[0]) + '">' + esc(m.state) + '</td></tr>';
                  }
                  h += '</table>';
                  if (s.interruptions.length) {
                    h += '<table class="nicetable"><tr><th>interrupted</th><th>missing type</th><th>from (s)</th><th>to (s)</th></tr>';
                    for (const g of s.interruptions) {
                      h += '<tr><td>' + esc(g.kind + ' ' + g.id) + '</td><td>' + esc(g.type) + '</td><td>' + g.from.toFixed(2)
                        + '</td><td>' + (g.to === null ? 'still' : g.to.toFixed(2)) + '</td></tr>';
                    }
                    h += '</table>';
                  }
                }
                const sims = document.getElementById('sims');
                sims.innerHTML = h;
                sims.querySelectorAll('button.stop').forEach(b => b.onclick = () => stop(b.dataset.name));
              }
              async function refresh() {
                try {
                  const r = await fetch(api + '/status', {credentials: 'same-origin'});
                  if (r.ok) render(await r.json());
                } catch (e) { /* the service is restarting: the next poll tries again */ }
              }
              refresh();
              setInterval(refresh, 1000);
            })();
            </script>
            """;
}
