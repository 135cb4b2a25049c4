/**
 * The `name` a form control carries in the DOM. A form element exposes its controls by name as its
 * own properties and lets them override its built-in ones, so an input named `nodeName`, `action`,
 * `method`, `submit`, `elements`, `length`, `id` or `name` replaces the form's property of that name:
 * code that reads `form.nodeName.toLowerCase()` (React's submit handling does) then throws, and the
 * browser submits the form natively. Such fields keep their contract name everywhere else (values,
 * errors, the request) and carry it prefixed in the DOM.
 */
export const SHADOW_PREFIX = 'field-'

const formProperty = (name: string): boolean => {
  const root = name.split('.')[0] ?? name
  if (typeof HTMLFormElement !== 'undefined') return root in HTMLFormElement.prototype
  return FORM_PROPERTIES.has(root)
}

export const controlName = (name: string): string => (formProperty(name) ? `${SHADOW_PREFIX}${name}` : name)

/** Where there is no DOM (unit tests, the gateway): the form's properties a field name is likeliest to take. */
export const FORM_PROPERTIES: ReadonlySet<string> = new Set([
  'acceptCharset',
  'action',
  'autocomplete',
  'elements',
  'encoding',
  'enctype',
  'length',
  'method',
  'name',
  'noValidate',
  'target',
  'rel',
  'relList',
  'submit',
  'reset',
  'checkValidity',
  'reportValidity',
  'requestSubmit',
  'id',
  'title',
  'lang',
  'dir',
  'hidden',
  'className',
  'classList',
  'style',
  'tabIndex',
  'nodeName',
  'nodeType',
  'nodeValue',
  'tagName',
  'children',
  'parentNode',
  'parentElement',
  'textContent',
  'innerHTML',
  'outerHTML',
  'attributes',
  'dataset',
  'focus',
  'blur',
  'click',
  'remove',
  'contains',
  'ownerDocument',
  'namespaceURI',
  'localName',
  'prefix',
  'baseURI',
  'firstChild',
  'lastChild',
  'childNodes',
  'nextSibling',
  'previousSibling',
  'addEventListener',
  'removeEventListener',
  'dispatchEvent',
  'getAttribute',
  'setAttribute',
  'hasAttribute',
  'querySelector',
  'querySelectorAll',
  'closest',
  'matches',
  'toString',
  'valueOf',
  'constructor',
])
