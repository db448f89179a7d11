import type { Localized } from '../../http/messages.js';

/** Every text the model square and the toolbox show a user, in the three interface languages. */
export const texts = {
  taskNotFound: {
    'en-US': 'No such picture',
    'zh-CN': '没有这个绘画任务',
    'zh-TW': '沒有這個繪畫任務',
  },
  modelNotFound: {
    'en-US': 'This model is not available',
    'zh-CN': '该模型不可用',
    'zh-TW': '該模型不可用',
  },
  opNotAvailable: {
    'en-US': 'This tool is not available',
    'zh-CN': '该工具暂不可用',
    'zh-TW': '該工具暫不可用',
  },
  imageNotFound: {
    'en-US': 'That picture is not one of yours',
    'zh-CN': '找不到这张图片（只能使用你自己的图片）',
    'zh-TW': '找不到這張圖片（只能使用你自己的圖片）',
  },
  maskNeeded: {
    'en-US': 'Paint the area to redraw first',
    'zh-CN': '请先涂抹需要重绘的区域',
    'zh-TW': '請先塗抹需要重繪的區域',
  },
  faceNeeded: {
    'en-US': 'Choose the picture whose face to use',
    'zh-CN': '请选择提供人脸的图片',
    'zh-TW': '請選擇提供人臉的圖片',
  },
  upstreamFailed: {
    'en-US': 'The picture failed: {reason}',
    'zh-CN': '生成失败：{reason}',
    'zh-TW': '生成失敗：{reason}',
  },
  providerGone: {
    'en-US': 'The provider of this picture was removed',
    'zh-CN': '该任务的服务商已被删除',
    'zh-TW': '該任務的服務商已被刪除',
  },
  notComfy: {
    'en-US': 'This ComfyUI provider has no workflow yet',
    'zh-CN': '该 ComfyUI 服务商尚未配置工作流',
    'zh-TW': '該 ComfyUI 服務商尚未設定工作流',
  },
  wrongProtocol: {
    'en-US': 'This provider cannot serve that operation',
    'zh-CN': '该服务商不支持此操作',
    'zh-TW': '該服務商不支援此操作',
  },
  nodeNeeded: {
    'en-US': 'Map the workflow node that takes the {field}',
    'zh-CN': '请指定接收 {field} 的工作流节点',
    'zh-TW': '請指定接收 {field} 的工作流節點',
  },
  noSuchNode: {
    'en-US': 'The workflow has no node {node}',
    'zh-CN': '工作流中没有节点 {node}',
    'zh-TW': '工作流中沒有節點 {node}',
  },
  nameTaken: {
    'en-US': 'The name {name} is taken',
    'zh-CN': '名称 {name} 已被使用',
    'zh-TW': '名稱 {name} 已被使用',
  },
  providerNotFound: {
    'en-US': 'No such provider',
    'zh-CN': '没有这个服务商',
    'zh-TW': '沒有這個服務商',
  },
  useSquareModels: {
    'en-US': 'model square cards ({n})',
    'zh-CN': '模型广场卡片（{n} 个）',
    'zh-TW': '模型廣場卡片（{n} 個）',
  },
  useToolOps: {
    'en-US': 'toolbox operations ({n})',
    'zh-CN': '工具箱功能（{n} 个）',
    'zh-TW': '工具箱功能（{n} 個）',
  },
} satisfies Record<string, Localized>;
