/**
 * The form machinery (react-hook-form, the zod resolver, the fields, the upload): what a screen's
 * form components import. It is not in the crud index (./index), so a list screen starts without
 * it: the add/edit dialog (`FormDialog`) and a screen's own form parts (`lazyForm`) load it when a
 * dialog first opens (issue 32). A module that imports this is form code: load it through those.
 */
export { useResourceForm, FieldFrame, FormField, PickField, FormGrid, FormMessages, FieldError, ReadOnly, useReadOnly } from './form'
export { DeclaredField, DeclaredFields, declaredFieldProps } from './DeclaredField'
export { FormList } from './FormList'
export { ActionDialog, FormErrors, useActionForm } from './ActionDialog'
