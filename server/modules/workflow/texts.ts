/** The workflow module's answers in both languages (the request's language is picked by lib/http). */
import type { Text } from '../../lib/http'

/** What a deploy finds wrong with a model's BPMN (20001 on bpmnXml); `{x}` is filled in. */
export const BPMN_TEXT = {
  tooLarge: { zh: '流程图过大（最多 {x} 字节）', en: 'The diagram is too large (at most {x} bytes)' },
  doctype: { zh: '流程图不能包含 DOCTYPE 或实体声明', en: 'The diagram may not contain a DOCTYPE or entity declarations' },
  malformed: { zh: '流程图不是有效的 BPMN XML：{x}', en: 'The diagram is not valid BPMN XML: {x}' },
  unknownElement: { zh: '流程图包含无法识别的内容：{x}', en: 'The diagram contains content that is not BPMN: {x}' },
  processCount: { zh: '流程图须包含且只包含一个流程', en: 'The diagram must contain exactly one process' },
  scriptTask: { zh: '不允许脚本任务（节点 {x}）', en: 'Script tasks are not allowed (node {x})' },
  unsupported: { zh: '不支持的流程元素：{x}', en: 'Unsupported element: {x}' },
  startEvent: { zh: '流程须有且只有一个开始事件（无触发条件）', en: 'The process needs exactly one start event (without a trigger)' },
  endEvent: { zh: '流程至少需要一个结束事件', en: 'The process needs at least one end event' },
  unnamedTask: { zh: '用户任务 {x} 未命名', en: 'User task {x} has no name' },
  noExecutor: { zh: '用户任务「{x}」未配置执行人', en: 'User task “{x}” has no executor configured' },
  unconnected: { zh: '节点未连通：{x}', en: 'Nodes not connected: {x}' },
  unreachable: { zh: '从开始事件无法到达的节点：{x}', en: 'Nodes the start event cannot reach: {x}' },
  scriptCondition: {
    zh: '连线 {x} 的条件使用了脚本语言，只允许 ${…} 表达式',
    en: 'The condition of flow {x} names a script language: only ${…} expressions are allowed',
  },
  badCondition: { zh: '连线 {x} 的条件表达式无效', en: 'The condition of flow {x} is not a valid expression' },
  gatewayCondition: {
    zh: '排他网关 {x} 的每条出线须有条件或设为默认',
    en: 'Every flow out of exclusive gateway {x} needs a condition or must be its default',
  },
  timer: { zh: '定时器 {x} 须为 ISO 8601 时长（如 PT1H）或时间', en: 'Timer {x} needs an ISO 8601 duration (e.g. PT1H) or date' },
  loopNotUserTask: { zh: '只有用户任务可以设为多实例（节点 {x}）', en: 'Only user tasks may be multi-instance (node {x})' },
} satisfies Record<string, Text>

/** Refusals of the runtime's verbs (20021, or 20002 for what the caller cannot see; a task handled meanwhile is 20008 with the task). */
export const RUN_TEXT = {
  taskNotFound: { zh: '任务不存在或无权查看', en: 'The task does not exist or is not yours to see' },
  taskHandled: { zh: '该任务已被处理', en: 'This task has already been handled' },
  notAssignee: { zh: '只有任务的办理人可以处理该任务', en: 'Only the task’s assignee may handle it' },
  instanceEnded: { zh: '流程已结束', en: 'The process has ended' },
  instanceNotFound: { zh: '流程实例不存在或无权查看', en: 'The process instance does not exist or is not yours to see' },
  versionStopped: { zh: '该流程版本已停用，不能发起', en: 'This process version is stopped and cannot be started' },
  modelNotPublished: { zh: '该流程没有可用的已发布版本', en: 'The process has no published version in use' },
  noExecutor: { zh: '节点「{x}」找不到执行人', en: 'No executor found for node “{x}”' },
  notReturnable: {
    zh: '不能退回到节点 {x}：只能退回到串行可达的已办节点',
    en: 'Cannot return to node {x}: only earlier nodes reachable without a parallel gateway',
  },
  delegateOnlyResolves: {
    zh: '委派的任务只能由被委派人办理后交回',
    en: 'A delegated task can only be resolved and handed back by the delegate',
  },
  alreadyDelegated: { zh: '该任务已委派', en: 'This task is already delegated' },
  sameAccount: { zh: '不能交给自己', en: 'You cannot hand a task to yourself' },
  accountUnavailable: { zh: '该账号不存在或已停用', en: 'That account does not exist or is not active' },
  withdrawNothing: {
    zh: '没有可撤回的办理：撤回只能在下一节点未办理前由发起人或上一办理人进行',
    en: 'Nothing to withdraw: only the starter or the last approver may withdraw, before the next task is handled',
  },
  withdrawTouched: { zh: '下一节点已有人办理，不能撤回', en: 'The next task has been acted on; it can no longer be withdrawn' },
  engineFault: { zh: '流程无法继续：{x}', en: 'The process cannot go on: {x}' },
  notStarter: { zh: '没有发起该流程的权限', en: 'You may not start this process' },
} satisfies Record<string, Text>

/** A start form's refusals: at deploy (20001 on bpmnXml) and at start (20001 on `variables.<key>`); `{x}` is filled in. */
export const FORM_TEXT = {
  fieldsNotOnStart: {
    zh: '表单字段只能声明在开始事件的内置表单上（节点 {x}）',
    en: 'Form fields can only be declared on the start event’s built-in form (node {x})',
  },
  required: { zh: '请填写「{x}」', en: 'Please fill in “{x}”' },
  invalid: { zh: '「{x}」的值无效', en: 'The value of “{x}” is not valid' },
  date: { zh: '「{x}」须为日期（YYYY-MM-DD）', en: '“{x}” must be a date (YYYY-MM-DD)' },
  number: { zh: '「{x}」须为数字', en: '“{x}” must be a number' },
  choice: { zh: '「{x}」须为给定的选项之一', en: '“{x}” must be one of its options' },
  tooLong: { zh: '「{x}」过长', en: '“{x}” is too long' },
  account: { zh: '「{x}」选择的账号不存在或已停用', en: 'The account chosen for “{x}” does not exist or is not active' },
  unknown: { zh: '启动表单没有字段 {x}', en: 'The start form has no field {x}' },
} satisfies Record<string, Text>

/** A starterSelect / formField executor (or cc) reading a variable the start form has no account field for. */
export const variableNotInForm = (role: 'executor' | 'cc', node: string, variable: string): Text =>
  role === 'executor'
    ? {
        zh: `节点「${node}」的执行人变量 ${variable} 不是启动表单中的账号字段`,
        en: `The executor variable ${variable} of node “${node}” is not an account field of the start form`,
      }
    : {
        zh: `节点「${node}」的抄送人变量 ${variable} 不是启动表单中的账号字段`,
        en: `The cc variable ${variable} of node “${node}” is not an account field of the start form`,
      }
