#ifndef HARK_CLIBXML2_SHIM_H
#define HARK_CLIBXML2_SHIM_H
// Debian's libxml2 is built with ICU, and its encoding header then includes ICU's own headers,
// whose types clash with Foundation's copy of ICU in a Swift module that imports both. Nothing here
// uses libxml2's ICU converters (only pointers to its encoding handlers pass through), so its
// headers are read as if built without ICU.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>

/// Whether a document's own DTD declares any entity (what an entity-expansion attack needs; a feed
/// never does).
static inline int hark_xml_declares_entities(xmlDocPtr doc) {
    if (doc == NULL) return 0;
    xmlDtdPtr dtds[2] = { doc->intSubset, doc->extSubset };
    for (int i = 0; i < 2; i++) {
        if (dtds[i] != NULL && dtds[i]->entities != NULL) return 1;
    }
    return 0;
}

/// libxml2's xmlFree is a global function pointer, which Swift 6 will not read unguarded.
static inline void hark_xml_free(void *memory) { xmlFree(memory); }

/// Parser errors go nowhere (a feed's errors are reported by the caller, not printed).
static void hark_xml_silent(void *context, const char *message, ...) { (void)context; (void)message; }

static inline void hark_xml_quiet(void) {
    xmlSetGenericErrorFunc(NULL, hark_xml_silent);
    xmlSetStructuredErrorFunc(NULL, NULL);
}

#endif
