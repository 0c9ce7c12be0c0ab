// gpuplan platform: JavaScript side of the browser glue, linked with --js-library.
// Functions here are called from C++ (src/platform/web_main.cpp); they talk only to this page.
mergeInto(LibraryManager.library, {
    // Copies text with the asynchronous clipboard API (falls back to a hidden textarea on old browsers).
    gpuplan_js_copy_text: function (text_ptr) {
        var text = UTF8ToString(text_ptr);
        function fallback() {
            var area = document.createElement('textarea');
            area.value = text;
            area.setAttribute('readonly', '');
            area.style.position = 'fixed';
            area.style.opacity = '0';
            document.body.appendChild(area);
            area.select();
            try { document.execCommand('copy'); } catch (e) { /* nothing else to try */ }
            document.body.removeChild(area);
        }
        if (navigator.clipboard && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(text).catch(fallback);
        } else {
            fallback();
        }
        if (window.gpuplan) window.gpuplan.lastCopied = text;
    },

    // Puts the visitor's edited scenario in the address bar as a new history entry, so Back undoes the change.
    // Edits less than a second apart (the digits of one number) share an entry.
    gpuplan_js_replace_hash: function (hash_ptr) {
        var hash = UTF8ToString(hash_ptr);
        var hooks = window.gpuplan || (window.gpuplan = {});
        hooks.expectedHash = hash;
        var now = Date.now();
        var push = !hooks.lastHashPush || now - hooks.lastHashPush > 1000;
        hooks.lastHashPush = now;
        try {
            if (push) history.pushState(null, '', hash);
            else history.replaceState(null, '', hash);
        } catch (e) {
            // file:// pages in some browsers refuse pushState; the hash is still worth setting.
            if (location.hash !== hash) location.hash = hash;
        }
    },

    // A frame was run: window.gpuplan.frames counts them (tests check that an idle page runs none), framesPainted
    // the ones that drew on the canvas (a frame identical to the canvas is not painted), and gpuplan.firstFrameMs is
    // when the first full frame was on the canvas (performance.now(), bench/page.mjs).
    gpuplan_js_frame_drawn: function (first_full_frame, painted) {
        var hooks = window.gpuplan || (window.gpuplan = {});
        hooks.frames = (hooks.frames || 0) + 1;
        if (painted) hooks.framesPainted = (hooks.framesPainted || 0) + 1;
        if (first_full_frame) {
            hooks.firstFrameMs = performance.now();
            var loading = document.getElementById('loading');
            if (loading) loading.remove();
            if (typeof hooks.onFirstFrame === 'function') hooks.onFirstFrame(); // web/index.html: fetch the site's catalogs
        }
    },

    // The first full frame is on screen and the site's catalogs are applied: tell tests.
    gpuplan_js_set_ready: function () {
        var hooks = window.gpuplan || (window.gpuplan = {});
        hooks.ready = true;
        var loading = document.getElementById('loading');
        if (loading) loading.remove();
    },

    // The app cannot run (no WebGL2): replace the loading indicator with a readable message.
    gpuplan_js_fail: function (message_ptr) {
        var message = UTF8ToString(message_ptr);
        if (typeof window.gpuplanShowError === 'function') window.gpuplanShowError(message);
        var hooks = window.gpuplan || (window.gpuplan = {});
        hooks.error = message;
    },

    // The "Choose file" button: the page's hidden <input type=file> (web/index.html imports what is chosen).
    gpuplan_js_open_file_picker: function () {
        var input = document.getElementById('price-file');
        if (input) input.click();
    },

    // A source link the visitor clicked (Accuracy panel): a new tab, without access back to this page.
    gpuplan_js_open_url: function (url_ptr) {
        var url = UTF8ToString(url_ptr);
        if (!/^https?:\/\//.test(url)) return;
        window.open(url, '_blank', 'noopener,noreferrer');
    },

    // Phone keyboard: 0 hide, 1 numeric keypad, 2 text (web/index.html owns the hidden <input>).
    gpuplan_js_keyboard: function (kind) {
        if (typeof window.gpuplanKeyboard === 'function') window.gpuplanKeyboard(kind);
    },

    // Prices the visitor imported or edited live only in this page: while there are any, leaving or reloading the
    // page asks first (the browser's own prompt), since a link does not carry them.
    gpuplan_js_set_local_prices: function (count) {
        var hooks = window.gpuplan || (window.gpuplan = {});
        hooks.localPrices = count;
        if (!hooks.beforeUnloadInstalled) {
            hooks.beforeUnloadInstalled = true;
            window.addEventListener('beforeunload', function (event) {
                if (!(window.gpuplan && window.gpuplan.localPrices > 0)) return;
                event.preventDefault();
                event.returnValue = '';
            });
        }
    },

    // Canvas cursor: 0 arrow, 1 text, 2 pointer.
    gpuplan_js_set_cursor: function (kind) {
        var canvas = document.getElementById('canvas');
        if (canvas) canvas.style.cursor = kind === 1 ? 'text' : kind === 2 ? 'pointer' : 'default';
    },

    // --- Page features (issue 13) ---------------------------------------------------------------------------
    // The text mirror: the results as real HTML (gpuplan.mirror/1, src/ui/text_mirror.h) in <main id="mirror">,
    // built with createElement/textContent only — catalog and imported names are never parsed as HTML. Visually
    // hidden on screen (the canvas shows the same numbers), read by page search, screen readers, copy and
    // translation tools, and shown when printing. Sets <html lang>.
    gpuplan_js_mirror: function (json_ptr) {
        var mirror = JSON.parse(UTF8ToString(json_ptr));
        var root = document.getElementById('mirror');
        if (!root) {
            root = document.createElement('main');
            root.id = 'mirror';
            document.body.appendChild(root);
        }
        document.documentElement.lang = mirror.lang || 'en';
        root.setAttribute('lang', mirror.lang || 'en');
        // A short live region (the verdict and the memory line) is announced when it changes; the rest is read on demand.
        var status = document.getElementById('mirror-status');
        if (!status) {
            status = document.createElement('p');
            status.id = 'mirror-status';
            status.setAttribute('role', 'status');
            status.setAttribute('aria-live', 'polite');
            root.parentNode.insertBefore(status, root);
        }
        var first = mirror.sections && mirror.sections[0] && mirror.sections[0].lines ? mirror.sections[0].lines : [];
        var said = first.slice(0, 2).join('. ');
        if (status.textContent !== said) status.textContent = said;
        var fresh = document.createElement('div');
        function add(parent, tag, text) {
            var element = document.createElement(tag);
            if (text !== undefined) element.textContent = String(text);
            parent.appendChild(element);
            return element;
        }
        add(fresh, 'h1', mirror.title);
        (mirror.sections || []).forEach(function (section) {
            var box = add(fresh, 'section');
            box.id = 'mirror-' + String(section.id).replace(/[^a-z0-9_-]/gi, '');
            add(box, 'h2', section.heading);
            (section.lines || []).forEach(function (line) { add(box, 'p', line); });
            if (section.rows && section.rows.length) {
                var list = add(box, 'dl');
                section.rows.forEach(function (row) { add(list, 'dt', row[0]); add(list, 'dd', row[1]); });
            }
            if (section.table) {
                var table = add(box, 'table');
                var head = add(add(table, 'thead'), 'tr');
                (section.table.head || []).forEach(function (cell) { add(head, 'th', cell).setAttribute('scope', 'col'); });
                var body = add(table, 'tbody');
                (section.table.rows || []).forEach(function (row) {
                    var tr = add(body, 'tr');
                    row.forEach(function (cell) { add(tr, 'td', cell); });
                });
            }
            if (section.items && section.items.length) {
                var items = add(box, 'ul');
                section.items.forEach(function (item) { add(items, 'li', item); });
            }
        });
        root.replaceChildren ? root.replaceChildren(fresh) : (root.textContent = '', root.appendChild(fresh));
        var hooks = window.gpuplan || (window.gpuplan = {});
        hooks.mirror = mirror;
    },

    // Saves a file: text made by the app (a Blob), or, with no text, a file of this site by name (gpuplan.html).
    gpuplan_js_download: function (name_ptr, mime_ptr, text_ptr) {
        var name = UTF8ToString(name_ptr);
        var text = UTF8ToString(text_ptr);
        var link = document.createElement('a');
        var url = null;
        if (text.length > 0) {
            url = URL.createObjectURL(new Blob([text], { type: UTF8ToString(mime_ptr) || 'text/plain' }));
            link.href = url;
        } else {
            link.href = name;
        }
        link.download = name;
        link.rel = 'noopener';
        document.body.appendChild(link);
        link.click();
        document.body.removeChild(link);
        if (url) setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
        var hooks = window.gpuplan || (window.gpuplan = {});
        hooks.lastDownload = { name: name, text: text };
    },

    // Remembers a value between visits (the last link); private modes and file:// pages may refuse: then nothing.
    gpuplan_js_store: function (key_ptr, value_ptr) {
        try { window.localStorage.setItem(UTF8ToString(key_ptr), UTF8ToString(value_ptr)); } catch (e) { /* not kept */ }
    },
});
